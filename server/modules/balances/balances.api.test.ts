import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import type { Product } from '../../../contracts/products.ts';
import { auditLog, balanceAccounts, balanceEntries, checkouts, emailMessages, products } from '../../db/schema/index.ts';
import { remindExpiringGiftCards } from './expiry-reminders.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { createPaymentOrder, placeOrder, sandboxPay, verifyPayment, type Line } from '../../../tests/support/checkout.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { issueGiftCard } from '../../../tests/support/gift-cards.ts';

/** Gift cards and store credit: issued, checked, spent at checkout as a payment, given back with a hold, voided. */
let shop: TestShop;
let admin: string;
let valor: Product;
let price: number;

beforeAll(async () => {
  shop = await startTestShop({ env: { GIFT_CARD_CODE_RATE_LIMIT: '40', PAYMENT_ORDER_RATE_LIMIT: '100' } });
  admin = await signInAdmin(shop);
  valor = (await shop.app.inject({ method: 'GET', url: '/api/products/valor' })).json().product;
  price = valor.sizes.find((size) => size.size === '50ml')!.price;
  await shop.database.db.update(products).set({ inventory: 500 }).where(eq(products.id, valor.id));
});
afterAll(async () => {
  await shop?.close();
});

const basket = (quantity = 1): Line[] => [{ productId: valor.id, size: '50ml', quantity }];

const issue = (amount: number, email = 'friend@deosil.test') => issueGiftCard(shop, admin, amount, { email });

async function balanceOf(id: number) {
  const [row] = await shop.database.db.select().from(balanceAccounts).where(eq(balanceAccounts.id, id));
  return row!.balancePaise;
}

describe('issuing and checking a gift card', () => {
  it('shows the code once, keeps only its hash and last four, and audits the issue', async () => {
    const { code, giftCard } = await issue(750);
    expect(code).toMatch(/^([23456789A-HJ-NP-Z]{4}-){3}[23456789A-HJ-NP-Z]{4}$/);
    expect(giftCard).toMatchObject({ lastFour: code.slice(-4), balance: 750, initial: 750, status: 'active' });
    const [row] = await shop.database.db.select().from(balanceAccounts).where(eq(balanceAccounts.id, giftCard.id));
    expect(JSON.stringify(row)).not.toContain(code.replace(/-/g, ''));
    expect(row!.expiresAt!.getTime() - row!.createdAt.getTime()).toBeGreaterThanOrEqual(365 * 24 * 3600 * 1000);
    const [audit] = await shop.database.db.select().from(auditLog).where(eq(auditLog.targetId, String(giftCard.id)));
    expect(audit).toMatchObject({ action: 'gift-card.issue', targetType: 'gift-card' });

    const shopper = await registerCustomer(shop);
    const checked = await call(shop, 'POST', '/api/gift-cards/check', { token: shopper.token, body: { code: code.toLowerCase().replace(/-/g, ' ') } });
    expect(checked.status).toBe(200);
    expect(checked.body.giftCard).toMatchObject({ id: giftCard.id, balance: 750, status: 'active' });
  });

  it('refuses a malformed code (400) and an unknown one (404), naming the field', async () => {
    const shopper = await registerCustomer(shop);
    const short = await call(shop, 'POST', '/api/gift-cards/check', { token: shopper.token, body: { code: 'ABCD-1234' } });
    expect(short.status).toBe(400);
    expect(short.body.errors?.[0]?.field).toBe('code');
    const unknown = await call(shop, 'POST', '/api/gift-cards/check', { token: shopper.token, body: { code: 'ABCD-EFGH-JKLM-NPQR' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors).toEqual([{ field: 'code', message: 'No gift card has this code' }]);
  });

  it('refuses an amount out of range, naming it, and writes nothing', async () => {
    const before = (await shop.database.db.select().from(balanceAccounts)).length;
    const low = await call(shop, 'POST', '/api/admin/gift-cards', { token: admin, body: { amount: 499, recipientName: 'X', recipientEmail: 'x@deosil.test', reason: 'Test grant' } });
    expect(low.status).toBe(400);
    expect(low.body.errors).toEqual([{ field: 'amount', message: 'A gift card is from ₹500 to ₹10,000' }]);
    const high = await call(shop, 'POST', '/api/admin/gift-cards', { token: admin, body: { amount: 10_001, recipientName: 'X', recipientEmail: 'x@deosil.test', reason: 'Test grant' } });
    expect(high.status).toBe(400);
    expect((await shop.database.db.select().from(balanceAccounts)).length).toBe(before);
  });
});

describe('paying with a gift card', () => {
  it('takes part of the total off what Razorpay collects; the bill and its GST are those of the same basket paid by card', async () => {
    const { code, giftCard } = await issue(500);
    const shopper = await registerCustomer(shop);
    const plain = await placeOrder(shop, shopper.token, basket(2));

    const created = await createPaymentOrder(shop, shopper.token, basket(2), { giftCardCodes: [code] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.amount).toBe(price * 2);
    expect(created.body.balances).toBe(500);
    expect((created.body.razorpayOrder as { amount: number }).amount).toBe(Math.round(price * 2 * 100) - 500_00);
    // Taken as the checkout opened: another checkout cannot spend it while this one pays.
    expect(await balanceOf(giftCard.id)).toBe(0);

    const confirmation = await sandboxPay(shop, shopper.token, (created.body.razorpayOrder as { id: string }).id);
    const verified = await verifyPayment(shop, shopper.token, confirmation);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const order = verified.body.order as Order;
    expect(order.paymentStatus).toBe('paid');
    expect(order.total).toBe(plain.total);
    expect(order.paidWithBalances).toBe(500);
    expect(order.adjustments).toEqual(plain.adjustments);
    // A voucher is a payment: the invoice's taxable value and tax are the card-paid order's to the paisa.
    expect(order.items.map((item) => [item.taxableValue, item.cgst, item.sgst, item.igst])).toEqual(plain.items.map((item) => [item.taxableValue, item.cgst, item.sgst, item.igst]));
    expect(order.tax).toEqual(plain.tax);

    const entries = await shop.database.db.select().from(balanceEntries).where(eq(balanceEntries.accountId, giftCard.id));
    expect(entries.map((entry) => [entry.reason, entry.amountPaise, entry.balanceAfterPaise])).toEqual([
      ['issued', 500_00, 500_00],
      ['checkout', -500_00, 0],
    ]);
  });

  it('places an order the balances pay in full without opening a payment window', async () => {
    const { code, giftCard } = await issue(10_000);
    const shopper = await registerCustomer(shop);
    const created = await createPaymentOrder(shop, shopper.token, basket(), { giftCardCodes: [code] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.provider).toBe('balances');
    const order = created.body.order as Order;
    expect(order).toMatchObject({ paymentStatus: 'paid', total: price, paidWithBalances: price, paymentMethod: 'balances' });
    expect(order.invoiceNumber).toBeTruthy();
    expect(await balanceOf(giftCard.id)).toBe(10_000_00 - Math.round(price * 100));
    // Spent across orders: the rest pays the next one.
    const again = await createPaymentOrder(shop, shopper.token, basket(), { giftCardCodes: [code] });
    expect(again.status).toBe(200);
    expect(await balanceOf(giftCard.id)).toBe(10_000_00 - 2 * Math.round(price * 100));
  });

  it('gives the money back to the card when the shopper closes the payment window', async () => {
    const { code, giftCard } = await issue(500);
    const shopper = await registerCustomer(shop);
    const created = await createPaymentOrder(shop, shopper.token, basket(2), { giftCardCodes: [code] });
    expect(await balanceOf(giftCard.id)).toBe(0);
    const released = await call(shop, 'POST', '/api/payments/razorpay/release-hold', { token: shopper.token, body: { razorpay_order_id: (created.body.razorpayOrder as { id: string }).id } });
    expect(released.body.released).toBe(true);
    expect(await balanceOf(giftCard.id)).toBe(500_00);
    const entries = await shop.database.db.select().from(balanceEntries).where(eq(balanceEntries.accountId, giftCard.id));
    expect(entries.map((entry) => entry.reason)).toEqual(['issued', 'checkout', 'released']);
  });

  it('refuses a voided card and an emptied one against its place in the list, and takes nothing', async () => {
    const spare = await issue(600);
    const voided = await issue(500);
    const cancel = await call(shop, 'POST', `/api/admin/gift-cards/${voided.giftCard.id}/void`, { token: admin, body: { reason: 'Reported stolen' } });
    expect(cancel.status).toBe(200);
    expect(cancel.body.giftCard).toMatchObject({ status: 'void', balance: 0 });
    const shopper = await registerCustomer(shop);
    const refused = await createPaymentOrder(shop, shopper.token, basket(), { giftCardCodes: [spare.code, voided.code] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'giftCardCodes.1', message: `Gift card ••••${voided.giftCard.lastFour} was cancelled` }]);
    expect(await balanceOf(spare.giftCard.id)).toBe(600_00);
    const twice = await createPaymentOrder(shop, shopper.token, basket(), { giftCardCodes: [spare.code, spare.code] });
    expect(twice.status).toBe(400);
    expect(twice.body.errors?.[0]?.field).toBe('giftCardCodes');
  });

  it('gives a refund case its card back when the payment comes too late for the card', async () => {
    const { code, giftCard } = await issue(500);
    const shopper = await registerCustomer(shop);
    const created = await createPaymentOrder(shop, shopper.token, basket(2), { giftCardCodes: [code] });
    const providerOrderId = (created.body.razorpayOrder as { id: string }).id;
    await call(shop, 'POST', '/api/payments/razorpay/release-hold', { token: shopper.token, body: { razorpay_order_id: providerOrderId } });
    // Someone else spends the card meanwhile.
    const other = await registerCustomer(shop);
    expect((await createPaymentOrder(shop, other.token, basket(2), { giftCardCodes: [code] })).status).toBe(200);
    const confirmation = await sandboxPay(shop, shopper.token, providerOrderId);
    const verified = await verifyPayment(shop, shopper.token, confirmation);
    expect(verified.status).toBe(200);
    expect((verified.body.order as Order).paymentStatus).toBe('refund_pending');
    expect(verified.body.message).toContain('gift card or store credit');
    // The other checkout still holds the card's ₹500; the late one took nothing.
    expect(await balanceOf(giftCard.id)).toBe(0);
    const [late] = await shop.database.db.select().from(checkouts).where(eq(checkouts.providerOrderId, providerOrderId));
    expect(late!.status).toBe('paid');
  });
});

describe('refunding an order paid with balances', () => {
  const cancelAndRefund = async (order: Order) => {
    const cancelled = await call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: admin, body: { status: 'cancelled' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const refunded = await call(shop, 'POST', `/api/admin/orders/${order.orderNumber}/refund`, { token: admin });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    return refunded.body.order as Order;
  };

  it('gives an order the card paid in full back onto the card, with a credit note for the whole supply', async () => {
    const { code, giftCard } = await issue(10_000);
    const shopper = await registerCustomer(shop);
    const order = (await createPaymentOrder(shop, shopper.token, basket(), { giftCardCodes: [code] })).body.order as Order;
    const refunded = await cancelAndRefund(order);
    expect(refunded).toMatchObject({ paymentStatus: 'refunded', refundedAmount: price });
    expect(refunded.creditNotes.map((note) => note.amount)).toEqual([price]);
    expect(await balanceOf(giftCard.id)).toBe(10_000_00);
    const entries = await shop.database.db.select().from(balanceEntries).where(eq(balanceEntries.accountId, giftCard.id));
    expect(entries.map((entry) => entry.reason)).toEqual(['issued', 'checkout', 'refund']);
  });

  it('refunds what Razorpay collected through Razorpay and the rest onto the card', async () => {
    const { code, giftCard } = await issue(500);
    const shopper = await registerCustomer(shop);
    const order = await placeOrder(shop, shopper.token, basket(2), { giftCardCodes: [code] });
    const refunded = await cancelAndRefund(order);
    expect(refunded).toMatchObject({ paymentStatus: 'refunded', refundedAmount: order.total, refundId: expect.stringMatching(/^rfnd_/) });
    expect(await balanceOf(giftCard.id)).toBe(500_00);
  });
});

describe('store credit', () => {
  it('is granted with a reason, spent at checkout, and listed with its history', async () => {
    const shopper = await registerCustomer(shop);
    const granted = await call(shop, 'POST', '/api/admin/store-credit', { token: admin, body: { email: shopper.user.email, amount: 300, reason: 'Parcel arrived late' } });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect(granted.body.balance).toBe(300);
    const order = await placeOrder(shop, shopper.token, basket(), { useStoreCredit: true });
    expect(order.paidWithBalances).toBe(300);
    const mine = await call(shop, 'GET', '/api/balances', { token: shopper.token });
    expect(mine.body.storeCredit).toMatchObject({ balance: 0 });
    expect((mine.body.storeCredit as { history: { reason: string; amount: number; note: string | null }[] }).history.map((entry) => [entry.reason, entry.amount, entry.note])).toEqual([
      ['checkout', -300, null],
      ['granted', 300, 'Parcel arrived late'],
    ]);
    const none = await createPaymentOrder(shop, shopper.token, basket(), { useStoreCredit: true });
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual([{ field: 'useStoreCredit', message: 'You have no store credit to use' }]);
  });

  it('refuses a grant to nobody or of nothing, naming the field', async () => {
    const nobody = await call(shop, 'POST', '/api/admin/store-credit', { token: admin, body: { email: 'nobody@deosil.test', amount: 100, reason: 'Goodwill' } });
    expect(nobody.status).toBe(404);
    expect(nobody.body.errors?.[0]?.field).toBe('email');
    const negative = await call(shop, 'POST', '/api/admin/store-credit', { token: admin, body: { email: 'nobody@deosil.test', amount: -5, reason: 'Goodwill' } });
    expect(negative.status).toBe(400);
    expect(negative.body.errors?.[0]?.field).toBe('amount');
  });
});

describe('looking cards up', () => {
  it('finds a card by its last four or its whole code, with its ledger', async () => {
    const { code, giftCard } = await issue(800);
    const byLastFour = await call(shop, 'GET', `/api/admin/gift-cards?lastFour=${giftCard.lastFour.toLowerCase()}`, { token: admin });
    expect(byLastFour.status).toBe(200);
    expect((byLastFour.body.giftCards as { id: number }[]).some((card) => card.id === giftCard.id)).toBe(true);
    const byCode = await call(shop, 'GET', `/api/admin/gift-cards?code=${encodeURIComponent(code)}`, { token: admin });
    expect(byCode.body.giftCards).toEqual([expect.objectContaining({ id: giftCard.id, history: [expect.objectContaining({ reason: 'issued', amount: 800 })] })]);
    const neither = await call(shop, 'GET', '/api/admin/gift-cards', { token: admin });
    expect(neither.status).toBe(400);
  });
});

describe('the expiry reminder', () => {
  it('e-mails the recipient of a card with money left once, a month before it expires', async () => {
    const now = new Date();
    const soon = await issue(600, 'soon@deosil.test');
    const later = await issue(600, 'later@deosil.test');
    await shop.database.db.update(balanceAccounts).set({ expiresAt: new Date(now.getTime() + 20 * 24 * 3600 * 1000) }).where(eq(balanceAccounts.id, soon.giftCard.id));
    await shop.database.db.update(balanceAccounts).set({ expiresAt: new Date(now.getTime() + 40 * 24 * 3600 * 1000) }).where(eq(balanceAccounts.id, later.giftCard.id));
    expect(await remindExpiringGiftCards(shop.database.db, shop.app.services.outbox, now)).toBe(1);
    expect(await remindExpiringGiftCards(shop.database.db, shop.app.services.outbox, now)).toBe(0);
    const [mail] = await shop.database.db.select().from(emailMessages).where(eq(emailMessages.dedupeKey, `gift-card-expiring:${soon.giftCard.id}`));
    expect(mail).toMatchObject({ template: 'gift-card-expiring', toAddress: 'soon@deosil.test' });
    expect(mail!.data).toMatchObject({ lastFour: soon.giftCard.lastFour, balancePaise: 600_00 });
    // The code itself is never in the mail.
    expect(JSON.stringify(mail!.data)).not.toContain(soon.code.replace(/-/g, '').slice(0, 12));
  });
});
