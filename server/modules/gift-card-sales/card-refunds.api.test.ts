import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminGiftCard } from '../../../contracts/balances.ts';
import type { OrderGiftCard } from '../../../contracts/gift-card-sales.ts';
import type { Order } from '../../../contracts/orders.ts';
import { shopDate } from '../../../domain/orders.ts';
import { auditLog, balanceAccounts, balanceEntries, emailMessages, giftCardSales, notifications, orders, products } from '../../db/schema/index.ts';
import { paymentSignature } from '../../payments/razorpay-signature.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { verifyPayment } from '../../../tests/support/checkout.ts';
import { startFakeRazorpay, type FakeRazorpay } from '../../../tests/support/fake-razorpay.ts';
import { staffMember } from '../../../tests/support/staff.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { signedWebhook, WEBHOOK_SECRET } from '../../../tests/support/webhooks.ts';
import { MailSender } from '../mail/mail-sender.ts';
import { issueGiftCard } from '../../../tests/support/gift-cards.ts';

/**
 * Refunding a gift card bought, while wholly unspent (decision 0088): the card is voided and its amount goes back
 * through Razorpay (here its local stand-in, which records the exact request) to the payment that bought it, once.
 */
const credentials = { keyId: 'rzp_test_cardrefund', keySecret: 'razorpay-card-refund-secret' };
let fake: FakeRazorpay;
let shop: TestShop;
let admin: string;
let valorId: number;
const DAY = 24 * 3600 * 1000;
const BUYER = { name: 'Mira Night', email: 'mira@deosil.test', phone: '+91 98765 43210' };
const SHIPPING_ADDRESS = { street: '12 Moonlit Lane', city: 'Pune', state: 'Maharashtra', zipCode: '411001', country: 'India' };

beforeAll(async () => {
  fake = await startFakeRazorpay(credentials);
  shop = await startTestShop({
    env: {
      RAZORPAY_KEY_ID: credentials.keyId,
      RAZORPAY_KEY_SECRET: credentials.keySecret,
      RAZORPAY_API_BASE: fake.url,
      GIFT_CARD_CODE_RATE_LIMIT: '40',
      PAYMENT_ORDER_RATE_LIMIT: '100',
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
  });
  admin = await signInAdmin(shop);
  const [valor] = await shop.database.db.select().from(products).where(eq(products.slug, 'valor'));
  valorId = valor!.id;
  await shop.database.db.update(products).set({ inventory: 500 }).where(eq(products.id, valorId));
});
afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

let payments = 0;
const card = (extra: Record<string, unknown> = {}) => ({
  amount: 2000,
  recipientName: 'Meera',
  recipientEmail: 'meera.refund@deosil.test',
  message: 'Happy Diwali!',
  deliverOn: shopDate(new Date(Date.now() + 3 * DAY)),
  ...extra,
});

/** A checkout paid through the Razorpay stand-in: the payment order, the customer paying it, the signed confirmation. */
async function payThroughRazorpay(token: string, body: Record<string, unknown>): Promise<{ order: Order; paymentId: string }> {
  const created = await call(shop, 'POST', '/api/payments/razorpay/create-payment-order', { token, body });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const razorpayOrder = created.body.razorpayOrder as { id: string };
  const paymentId = `pay_CardRefund${String(++payments).padStart(4, '0')}`;
  fake.pay(razorpayOrder.id, paymentId);
  const verified = await verifyPayment(shop, token, {
    razorpay_order_id: razorpayOrder.id,
    razorpay_payment_id: paymentId,
    razorpay_signature: paymentSignature(razorpayOrder.id, paymentId, credentials.keySecret),
  });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return { order: verified.body.order as Order, paymentId };
}

async function buyCardsAlone(cards: Record<string, unknown>[]) {
  const buyer = await registerCustomer(shop);
  const paid = await payThroughRazorpay(buyer.token, { items: [], customerInfo: BUYER, giftCards: cards });
  return { buyer, ...paid };
}

async function cardsOf(token: string, orderId: string): Promise<OrderGiftCard[]> {
  const answer = await call(shop, 'GET', `/api/orders/${orderId}/gift-cards`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.giftCards as OrderGiftCard[];
}

const refundCard = (cardId: number, body?: unknown, token = admin) => call(shop, 'POST', `/api/admin/gift-cards/${cardId}/refund`, { token, ...(body === undefined ? {} : { body }) });
const refundRequests = () => fake.requests.filter((request) => request.path.endsWith('/refund'));

describe('POST /api/admin/gift-cards/:id/refund', () => {
  it('voids a wholly unspent card bought alone and refunds its amount through Razorpay to the payment that bought it, with the reason and the admin on record', async () => {
    const { buyer, order, paymentId } = await buyCardsAlone([card()]);
    const [bought] = await cardsOf(buyer.token, order.id);
    expect(bought).toMatchObject({ refundedAt: null, cardId: expect.any(Number), delivery: 'scheduled' });
    const seen = fake.requests.length;

    const answer = await refundCard(bought!.cardId!, { reason: 'Bought for the wrong person' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe(`Refunded ₹2,000.00 for Gift card ••••${bought!.lastFour} of order ${order.orderNumber}; the card is cancelled`);
    expect(answer.body.refundId).toMatch(/^rfnd_/);
    expect(answer.body.giftCard as AdminGiftCard).toMatchObject({ id: bought!.cardId, status: 'void', balance: 0, initial: 2000 });

    // The exact request Razorpay received: the card's amount, on the order's payment, keyed by the card.
    expect(fake.requests.slice(seen)).toEqual([
      {
        method: 'POST',
        path: `/v1/payments/${paymentId}/refund`,
        body: {
          amount: 2000_00,
          speed: 'normal',
          receipt: order.orderNumber,
          notes: { purpose: 'Gift card refunded unspent', order: order.orderNumber, giftCard: `Gift card ••••${bought!.lastFour}` },
        },
        idempotencyKey: `refund-gift-card-${bought!.cardId}`,
      },
    ]);
    expect(fake.payment(paymentId)).toMatchObject({ status: 'refunded' });

    // The card: void, nothing on it, a 'voided' entry naming the admin and the reason.
    const db = shop.database.db;
    const [account] = await db.select().from(balanceAccounts).where(eq(balanceAccounts.id, bought!.cardId!));
    expect(account).toMatchObject({ status: 'void', balancePaise: 0 });
    const [voided] = await db
      .select()
      .from(balanceEntries)
      .where(and(eq(balanceEntries.accountId, bought!.cardId!), eq(balanceEntries.reason, 'voided')));
    expect(voided).toMatchObject({
      amountPaise: -2000_00,
      balanceAfterPaise: 0,
      actorId: expect.any(String),
      note: `Refunded to its buyer (${answer.body.refundId}): Bought for the wrong person`,
    });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'gift-card.refund'), eq(auditLog.targetId, String(bought!.cardId))));
    expect(audit).toMatchObject({ actorId: voided!.actorId, targetType: 'gift-card' });
    expect(audit!.details).toMatchObject({
      orderNumber: order.orderNumber,
      amountPaise: 2000_00,
      refundId: answer.body.refundId,
      reason: 'Bought for the wrong person',
      after: { status: 'void', balancePaise: 0 },
    });

    // The sale keeps the refund; the order's own bill (₹0) and refund columns are untouched: cards are outside the bill.
    const [sale] = await db.select().from(giftCardSales).where(eq(giftCardSales.accountId, bought!.cardId!));
    expect(sale).toMatchObject({ providerRefundId: answer.body.refundId, refundedAt: expect.any(Date), refundedBy: voided!.actorId });
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ paymentStatus: 'paid', refundedPaise: 0, totalPaise: 0, vouchersPaise: 2000_00, providerRefundId: null });

    // The recipient's e-mail, still waiting for its day, is never sent: the delivery job finds nothing to send.
    const [delivery] = await db.select().from(emailMessages).where(eq(emailMessages.id, sale!.emailId!));
    expect(delivery).toMatchObject({ status: 'withheld', lastError: `Not sent: Gift card ••••${bought!.lastFour} was cancelled before its day` });
    const sender = new MailSender(db, null, { shopUrl: 'http://shop.test' }, { from: 'orders@deosil.test', replyTo: 'orders@deosil.test', maxAttempts: 3, leaseSeconds: 5 });
    await sender.deliver(delivery!.id);
    const [afterJob] = await db.select().from(emailMessages).where(eq(emailMessages.id, delivery!.id));
    expect(afterJob).toMatchObject({ status: 'withheld', sentAt: null, attempts: 0 });

    // The buyer is told, once, by e-mail.
    const mails = await db
      .select()
      .from(emailMessages)
      .where(eq(emailMessages.dedupeKey, `gift-card-refunded:${sale!.id}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: 'gift-card-refunded', toAddress: BUYER.email, category: 'transactional' });
    expect(mails[0]!.data).toEqual({ customerName: BUYER.name, orderNumber: order.orderNumber, amountPaise: 2000_00, lastFour: bought!.lastFour, recipientName: 'Meera', codeSent: false });

    // The buyer's order (and the admin's view of it) shows the card refunded.
    const [shown] = await cardsOf(buyer.token, order.id);
    expect(shown).toMatchObject({ cardId: bought!.cardId, refundedAt: expect.any(String) });
    expect((await cardsOf(admin, order.id))[0]!.refundedAt).toBe(shown!.refundedAt);
  });

  it('refunds once: a second press answers 409 and Razorpay hears nothing more', async () => {
    const { buyer, order } = await buyCardsAlone([card({ recipientEmail: 'twice@deosil.test' })]);
    const [bought] = await cardsOf(buyer.token, order.id);
    expect((await refundCard(bought!.cardId!, { reason: 'Asked by the buyer' })).status).toBe(200);
    const before = refundRequests().length;
    const again = await refundCard(bought!.cardId!, { reason: 'Asked by the buyer' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^Gift card ••••\w{4} was refunded already \(rfnd_/);
    expect(refundRequests()).toHaveLength(before);
    const audits = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'gift-card.refund'), eq(auditLog.targetId, String(bought!.cardId))));
    expect(audits).toHaveLength(1);
  });

  it('refunds only the card of an order with potions, leaving the goods, their bill and their refund alone', async () => {
    const buyer = await registerCustomer(shop);
    const { order, paymentId } = await payThroughRazorpay(buyer.token, {
      items: [{ productId: valorId, size: '15ml', quantity: 1 }],
      customerInfo: BUYER,
      shippingAddress: SHIPPING_ADDRESS,
      giftCards: [card({ amount: 1000, recipientEmail: 'beside@deosil.test' })],
    });
    const [bought] = await cardsOf(buyer.token, order.id);
    const answer = await refundCard(bought!.cardId!, { reason: 'The card was a mistake; the potion stays' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(refundRequests().at(-1)).toMatchObject({ path: `/v1/payments/${paymentId}/refund`, body: { amount: 1000_00 } });
    expect(fake.payment(paymentId)).toMatchObject({ status: 'captured', refunded: 1000_00 });
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: order.status, paymentStatus: 'paid', refundedPaise: 0, totalPaise: Math.round(order.total * 100) });
  });

  it('refuses a card partly spent (409 saying the spent part bought goods), and changes nothing', async () => {
    const { buyer, order } = await buyCardsAlone([card({ amount: 500, recipientEmail: 'spent@deosil.test' })]);
    const [bought] = await cardsOf(buyer.token, order.id);
    const [sale] = await shop.database.db.select().from(giftCardSales).where(eq(giftCardSales.accountId, bought!.cardId!));
    const [delivery] = await shop.database.db.select().from(emailMessages).where(eq(emailMessages.id, sale!.emailId!));
    const code = (delivery!.data as { code: string }).code;
    // The recipient spends it on a potion, paying the rest through Razorpay.
    const recipient = await registerCustomer(shop);
    const { order: spentOn } = await payThroughRazorpay(recipient.token, {
      items: [{ productId: valorId, size: '50ml', quantity: 1 }],
      customerInfo: { ...BUYER, email: recipient.user.email },
      shippingAddress: SHIPPING_ADDRESS,
      giftCardCodes: [code],
    });
    expect(spentOn.paidWithBalances).toBe(500);
    const before = refundRequests().length;
    const refused = await refundCard(bought!.cardId!, { reason: 'Asked by the buyer' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Gift card ••••${bought!.lastFour} was spent in part (on order ${spentOn.orderNumber}): the spent part bought goods, so only a wholly unspent card is refunded`,
    );
    expect(refundRequests()).toHaveLength(before);
    const [account] = await shop.database.db.select().from(balanceAccounts).where(eq(balanceAccounts.id, bought!.cardId!));
    expect(account).toMatchObject({ status: 'active', balancePaise: 0 });
    expect(
      await shop.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'gift-card.refund'), eq(auditLog.targetId, String(bought!.cardId)))),
    ).toHaveLength(0);
  });

  it('refuses a card already voided or expired, with 409 naming why', async () => {
    const { buyer, order } = await buyCardsAlone([card({ recipientEmail: 'void.one@deosil.test' }), card({ recipientEmail: 'expired.one@deosil.test' })]);
    const [voidOne, expiredOne] = await cardsOf(buyer.token, order.id);
    expect((await call(shop, 'POST', `/api/admin/gift-cards/${voidOne!.cardId}/void`, { token: admin, body: { reason: 'Reported stolen' } })).status).toBe(200);
    const voided = await refundCard(voidOne!.cardId!, { reason: 'Asked by the buyer' });
    expect(voided.status).toBe(409);
    expect(voided.body.message).toBe(`Gift card ••••${voidOne!.lastFour} is already cancelled: there is nothing on it to refund`);
    await shop.database.db
      .update(balanceAccounts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(balanceAccounts.id, expiredOne!.cardId!));
    const expired = await refundCard(expiredOne!.cardId!, { reason: 'Asked by the buyer' });
    expect(expired.status).toBe(409);
    expect(expired.body.message).toBe(`Gift card ••••${expiredOne!.lastFour} has expired, so it cannot be refunded`);
  });

  it('withholds a voided card’s e-mail that has not left yet, the admin’s void as much as a refund, and shows the card cancelled', async () => {
    const { buyer, order } = await buyCardsAlone([card({ recipientEmail: 'voided.mail@deosil.test' })]);
    const [bought] = await cardsOf(buyer.token, order.id);
    expect((await call(shop, 'POST', `/api/admin/gift-cards/${bought!.cardId}/void`, { token: admin, body: { reason: 'Bought with a stolen card' } })).status).toBe(200);
    const [sale] = await shop.database.db.select().from(giftCardSales).where(eq(giftCardSales.accountId, bought!.cardId!));
    const [delivery] = await shop.database.db.select().from(emailMessages).where(eq(emailMessages.id, sale!.emailId!));
    expect(delivery!.status).toBe('withheld');
    // The buyer's order shows the card cancelled, not an e-mail that failed and could be resent.
    const [shown] = await cardsOf(buyer.token, order.id);
    expect(shown!.delivery).toBe('cancelled');
  });

  it('refuses bad input: an unknown card 404, a reason missing or too long 400 naming reason, a card the shop issued 409, a customer 403', async () => {
    const { buyer, order } = await buyCardsAlone([card({ recipientEmail: 'bad.input@deosil.test' })]);
    const [bought] = await cardsOf(buyer.token, order.id);
    const before = refundRequests().length;
    const unknown = await refundCard(999_999, { reason: 'Asked by the buyer' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Gift card not found');
    for (const body of [undefined, {}, { reason: '  ' }, { reason: 'x'.repeat(301) }]) {
      const refused = await refundCard(bought!.cardId!, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect((refused.body.errors as { field: string }[]).map((error) => error.field)).toEqual(['reason']);
    }
    const { giftCard: goodwill } = await issueGiftCard(shop, admin, 1000, { name: 'Kabir', email: 'goodwill@deosil.test', reason: 'A late parcel' });
    const refused = await refundCard(goodwill.id, { reason: 'Asked by the buyer' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Gift card ••••${goodwill.lastFour} was issued by the shop, not bought: no payment paid for it, so there is nothing to refund (void it instead)`);
    expect((await refundCard(bought!.cardId!, { reason: 'Asked by the buyer' }, buyer.token)).status).toBe(403);
    const fulfilment = await staffMember(shop, 'fulfilment');
    expect((await refundCard(bought!.cardId!, { reason: 'Asked by the buyer' }, fulfilment.token)).status).toBe(403);
    expect(refundRequests()).toHaveLength(before);
    const [account] = await shop.database.db.select().from(balanceAccounts).where(eq(balanceAccounts.id, bought!.cardId!));
    expect(account).toMatchObject({ status: 'active', balancePaise: 2000_00 });
  });

  it('tells those who may refund when Razorpay later reports the card’s refund as failed; the card stays cancelled', async () => {
    const { buyer, order, paymentId } = await buyCardsAlone([card({ recipientEmail: 'failed.refund@deosil.test' })]);
    const [bought] = await cardsOf(buyer.token, order.id);
    const refunded = await refundCard(bought!.cardId!, { reason: 'Asked by the buyer' });
    const refundId = refunded.body.refundId as string;
    const failed = {
      entity: 'event',
      event: 'refund.failed',
      payload: {
        refund: { entity: { id: refundId, payment_id: paymentId, amount: 2000_00, status: 'failed' } },
        payment: { entity: { id: paymentId, error_description: 'The bank account is closed' } },
      },
    };
    expect((await signedWebhook(shop, failed, { eventId: `evt_card_refund_failed_${bought!.cardId}` })).json()).toMatchObject({ success: true, outcome: 'processed' });
    const alerts = await shop.database.db.select().from(notifications).where(eq(notifications.title, 'Refund Failed'));
    expect(alerts.map((alert) => alert.message)).toContain(
      `Razorpay could not complete refund ${refundId} of ₹2,000.00 for Gift card ••••${bought!.lastFour} of order ${order.orderNumber} (The bank account is closed). The card stays cancelled: refund the buyer from Razorpay's dashboard, or issue them a replacement card.`,
    );
    const [account] = await shop.database.db.select().from(balanceAccounts).where(eq(balanceAccounts.id, bought!.cardId!));
    expect(account).toMatchObject({ status: 'void', balancePaise: 0 });
  });
});
