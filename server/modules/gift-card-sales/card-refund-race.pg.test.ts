import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderGiftCard } from '../../../contracts/gift-card-sales.ts';
import type { Order } from '../../../contracts/orders.ts';
import { shopDate } from '../../../domain/orders.ts';
import { auditLog, balanceAccounts, balanceEntries, emailMessages, giftCardSales, products } from '../../db/schema/index.ts';
import { paymentSignature } from '../../payments/razorpay-signature.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { createPaymentOrder, verifyPayment } from '../../../tests/support/checkout.ts';
import { startFakeRazorpay, type FakeRazorpay } from '../../../tests/support/fake-razorpay.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

/** Refunds of one gift card bought, asked at the same moment on a PostgreSQL server: Razorpay refunds it once. */
const credentials = { keyId: 'rzp_test_cardrace', keySecret: 'razorpay-card-race-secret' };
let fake: FakeRazorpay;
let shop: TestShop;
let admin: string;
let valorId: number;
let payments = 0;

beforeAll(async () => {
  fake = await startFakeRazorpay(credentials);
  shop = await startTestShop({
    env: { RAZORPAY_KEY_ID: credentials.keyId, RAZORPAY_KEY_SECRET: credentials.keySecret, RAZORPAY_API_BASE: fake.url, GIFT_CARD_CODE_RATE_LIMIT: '100', PAYMENT_ORDER_RATE_LIMIT: '100' },
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

/** A ₹2,000 card bought alone and paid through the Razorpay stand-in; its id, and the code its recipient was sent. */
async function boughtCard(recipientEmail: string): Promise<{ cardId: number; code: string }> {
  const buyer = await registerCustomer(shop);
  const deliverOn = shopDate(new Date(Date.now() + 3 * 24 * 3600 * 1000));
  const body = {
    items: [],
    customerInfo: { name: 'Mira Night', email: 'mira@deosil.test', phone: '+91 98765 43210' },
    giftCards: [{ amount: 2000, recipientName: 'Meera', recipientEmail, deliverOn }],
  };
  const created = await call(shop, 'POST', '/api/payments/razorpay/create-payment-order', { token: buyer.token, body });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const orderId = (created.body.razorpayOrder as { id: string }).id;
  const paymentId = `pay_CardRace${String(++payments).padStart(6, '0')}`;
  fake.pay(orderId, paymentId);
  const verified = await verifyPayment(shop, buyer.token, {
    razorpay_order_id: orderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: paymentSignature(orderId, paymentId, credentials.keySecret),
  });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  const order = verified.body.order as Order;
  const [card] = (await call(shop, 'GET', `/api/orders/${order.id}/gift-cards`, { token: buyer.token })).body.giftCards as OrderGiftCard[];
  const [sale] = await shop.database.db.select().from(giftCardSales).where(eq(giftCardSales.accountId, card!.cardId!));
  const [mail] = await shop.database.db.select().from(emailMessages).where(eq(emailMessages.id, sale!.emailId!));
  return { cardId: card!.cardId!, code: (mail!.data as { code: string }).code };
}

const refundCard = (cardId: number) => call(shop, 'POST', `/api/admin/gift-cards/${cardId}/refund`, { token: admin, body: { reason: 'Asked by the buyer, twice' } });
const refundsOf = (cardId: number) => fake.requests.filter((request) => request.idempotencyKey === `refund-gift-card-${cardId}`);

describe('refunding one gift card twice at once', () => {
  it('two admins press Refund together: one refund at Razorpay, one void on the ledger, one audit; the other is told it was refunded', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { cardId } = await boughtCard(`race.${round}@deosil.test`);
      const answers = await Promise.all([refundCard(cardId), refundCard(cardId)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)!.body.message).toMatch(/was refunded already/);
      expect(refundsOf(cardId)).toHaveLength(1);
      const db = shop.database.db;
      expect(
        await db
          .select()
          .from(balanceEntries)
          .where(and(eq(balanceEntries.accountId, cardId), eq(balanceEntries.reason, 'voided'))),
      ).toHaveLength(1);
      expect(
        await db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'gift-card.refund'), eq(auditLog.targetId, String(cardId)))),
      ).toHaveLength(1);
      const [card] = await db.select().from(balanceAccounts).where(eq(balanceAccounts.id, cardId));
      expect(card).toMatchObject({ status: 'void', balancePaise: 0 });
    }
  });

  it('a refund and a checkout spending the card at once: never both, and the card never goes below nothing', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { cardId, code } = await boughtCard(`spend.race.${round}@deosil.test`);
      const shopper = await registerCustomer(shop);
      const [refund, checkout] = await Promise.all([
        refundCard(cardId),
        createPaymentOrder(shop, shopper.token, [{ productId: valorId, size: '50ml', quantity: 2 }], { giftCardCodes: [code] }),
      ]);
      // Either the refund came first (the checkout is refused against the code) or the checkout holds the card's
      // money (the refund is refused: a checkout is paying with it).
      if (refund.status === 200) {
        expect([400, 409]).toContain(checkout.status);
        expect(checkout.body.errors?.[0]?.field).toBe('giftCardCodes.0');
        expect(refundsOf(cardId)).toHaveLength(1);
      } else {
        expect(refund.status).toBe(409);
        expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
        expect(refundsOf(cardId)).toHaveLength(0);
      }
      const [card] = await shop.database.db.select().from(balanceAccounts).where(eq(balanceAccounts.id, cardId));
      expect(card!.balancePaise).toBe(0);
    }
  });
});
