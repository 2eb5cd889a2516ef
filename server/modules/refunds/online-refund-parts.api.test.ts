import { and, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import type { OrderReturn } from '../../../contracts/returns.ts';
import { formatPaise } from '../../../domain/money.ts';
import { balanceTenders, notifications, products } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { placeOrder, type Line } from '../../../tests/support/checkout.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../../tests/support/smtp-catcher.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { signedWebhook, WEBHOOK_SECRET } from '../../../tests/support/webhooks.ts';
import { issueGiftCard } from '../../../tests/support/gift-cards.ts';

/**
 * An order paid online partly by card and partly by gift card, refunded (docs/decisions/0068, 0075): the e-mail the
 * customer receives, the notice, the order's history and the order API say what went back to the card and what back
 * onto the gift card, each as the refund made it, and never promise the card the whole amount.
 */
let shop: TestShop;
let smtp: SmtpCatcher;
let admin: string;
let valor: { id: number; price: number };

type Customer = Awaited<ReturnType<typeof registerCustomer>>;

const paise = (rupees: number) => Math.round(rupees * 100);
const basket = (quantity: number): Line[] => [{ productId: valor.id, size: '50ml', quantity }];
const adminCall = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => call(shop, method, path, { token: admin, ...(body === undefined ? {} : { body }) });
const orderOf = async (order: Order) => (await adminCall('GET', `/api/admin/orders/${order.orderNumber}`)).body.order as Order;
const noticesOf = async (order: Order) =>
  (await shop.database.db.select().from(notifications).where(eq(notifications.title, 'Refund Issued'))).filter((notice) => notice.message.includes(order.orderNumber));
const refundedOntoTenders = async (order: Order) =>
  (
    await shop.database.db
      .select()
      .from(balanceTenders)
      .where(and(eq(balanceTenders.orderId, order.id), eq(balanceTenders.state, 'taken')))
  ).reduce((sum, tender) => sum + tender.refundedPaise, 0);

/** The refund e-mails the SMTP server received for the order, oldest first, waiting until there are `count`. */
async function refundMails(order: Order, count: number): Promise<ParsedMail[]> {
  const until = Date.now() + 15_000;
  for (;;) {
    const found = smtp.messages.filter((mail) => mail.subject === `Refund issued for order ${order.orderNumber}`);
    if (found.length >= count) return found;
    if (Date.now() > until) throw new Error(`Expected ${count} refund e-mails for ${order.orderNumber}, got ${found.length}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const textOf = (mail: ParsedMail) => (mail.text ?? '').replace(/\s+/g, ' ');

const giftCard = async (amountRupees: number): Promise<string> => (await issueGiftCard(shop, admin, amountRupees)).code;

/** A return of one unit asked for, approved and received: the answer to receiving it. */
async function returnOne(customer: Customer, order: Order): Promise<OrderReturn> {
  const asked = await call(shop, 'POST', `/api/orders/${order.orderNumber}/returns`, {
    token: customer.token,
    body: { lines: [{ orderItemId: order.items[0]!.id, quantity: 1 }], reason: 'damaged-or-leaking', note: 'The cap cracked' },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  const id = (asked.body.return as OrderReturn).id;
  expect((await adminCall('PUT', `/api/admin/returns/${id}`, { action: 'approve' })).status).toBe(200);
  const received = await adminCall('PUT', `/api/admin/returns/${id}`, { action: 'receive', restock: true });
  expect(received.status, JSON.stringify(received.body)).toBe(200);
  return received.body.return as OrderReturn;
}

async function delivered(order: Order): Promise<void> {
  const moved = await adminCall('PUT', `/api/admin/orders/${order.orderNumber}/status`, { status: 'delivered' });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  shop = await startTestShop({
    env: { RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET, JOBS_IN_WEB: 'true', SMTP_URL: smtp.url, MAIL_FROM: 'Deosil Perfumes <orders@deosil.test>', GIFT_CARD_CODE_RATE_LIMIT: '40', PAYMENT_ORDER_RATE_LIMIT: '100' },
  });
  admin = await signInAdmin(shop);
  const product = (await shop.app.inject({ method: 'GET', url: '/api/products/valor' })).json().product as { id: number; sizes: { size: string; price: number }[] };
  valor = { id: product.id, price: product.sizes.find((size) => size.size === '50ml')!.price };
  await shop.database.db.update(products).set({ inventory: 500 }).where(eq(products.id, valor.id));
});
afterAll(async () => {
  await shop?.close();
  await smtp?.close();
});

describe('an order paid by card and gift card, cancelled and refunded in full', () => {
  it("a refund Razorpay reports failed without saying how much owes only the card's part again: the gift card keeps its refund, and the retry sends the card's part alone", async () => {
    const customer = await registerCustomer(shop);
    const order = await placeOrder(shop, customer.token, basket(1), { giftCardCodes: [await giftCard(500)] });
    const card = paise(order.total) - 500_00;
    expect((await adminCall('PUT', `/api/admin/orders/${order.orderNumber}/status`, { status: 'cancelled' })).status).toBe(200);
    const first = (await adminCall('POST', `/api/admin/orders/${order.orderNumber}/refund`)).body.order as Order;
    expect(await refundedOntoTenders(order)).toBe(500_00);
    const failed = {
      entity: 'event',
      event: 'refund.failed',
      payload: { refund: { entity: { id: first.refundId, payment_id: first.paymentId, status: 'failed' } }, payment: { entity: { id: first.paymentId, error_description: 'The card was closed' } } },
    };
    expect((await signedWebhook(shop, failed, { eventId: `evt_parts_refund_failed_${order.id}` })).json()).toMatchObject({ success: true, outcome: 'processed' });
    const waiting = await orderOf(order);
    expect(waiting).toMatchObject({ paymentStatus: 'refund_pending', refundedAmount: 500, refundedToBalances: 500 });

    const retried = await adminCall('POST', `/api/admin/orders/${order.orderNumber}/refund`);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    const after = await orderOf(order);
    expect(after).toMatchObject({ paymentStatus: 'refunded', refundedAmount: order.total, refundedToBalances: 500 });
    expect(after.refundId).not.toBe(first.refundId);
    // The retry is the card's part alone, through the provider; the gift card is not refunded twice.
    expect(after.statusHistory.at(-1)?.note).toBe(`Refunded ${formatPaise(card)} (${after.refundId})`);
    expect(await refundedOntoTenders(order)).toBe(500_00);
  });

  it("says the card's part and the gift card's part apart in the e-mail, the notice, the history and the order API", async () => {
    const customer = await registerCustomer(shop);
    const order = await placeOrder(shop, customer.token, basket(2), { giftCardCodes: [await giftCard(500)] });
    const total = paise(order.total);
    const card = total - 500_00;
    expect((await adminCall('PUT', `/api/admin/orders/${order.orderNumber}/status`, { status: 'cancelled' })).status).toBe(200);
    const refunded = await adminCall('POST', `/api/admin/orders/${order.orderNumber}/refund`);
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);

    const parts = `${formatPaise(card)} back to the card you paid with and ₹500.00 back on the gift cards and store credit you paid with`;
    const [mail] = await refundMails(order, 1);
    expect(mail!.to).toMatchObject({ value: [{ address: order.customerEmail }] });
    expect(textOf(mail!)).toContain(`we have refunded ${formatPaise(total)} for order ${order.orderNumber}: ${parts}.`);
    // The card is never promised the whole amount.
    expect(textOf(mail!)).not.toContain(`${formatPaise(total)} for order ${order.orderNumber} to the card`);
    const [notice] = await noticesOf(order);
    expect(notice!.message).toBe(`We have refunded ${formatPaise(total)} for order ${order.orderNumber}: ${parts}. Banks usually take 5–7 working days to show it on your card.`);

    // The figures are the split as made: the tender's refunded_paise, the rest through the provider.
    const after = await orderOf(order);
    expect(await refundedOntoTenders(order)).toBe(500_00);
    expect(after).toMatchObject({ paymentStatus: 'refunded', refundedAmount: order.total, refundedToBalances: 500, refundedToStoreCredit: 0 });
    expect(after.statusHistory.at(-1)?.note).toBe(`Refunded ${formatPaise(total)}: ${parts} (${after.refundId})`);
  });
});

describe('returns of an order the gift card paid most of', () => {
  it('a return the card part covers mentions no balance; once the card part is used up, a return goes back onto the gift card alone', async () => {
    const customer = await registerCustomer(shop);
    // The card pays ₹150 and a bit; the gift card the rest of two bottles.
    const cardRupees = Math.floor(valor.price * 2) - 150;
    const order = await placeOrder(shop, customer.token, basket(2), { giftCardCodes: [await giftCard(cardRupees)] });
    const collected = paise(order.total) - cardRupees * 100;
    await delivered(order);

    // First return: its share is more than the card paid, so the card gets all it paid, the gift card the rest.
    const first = await returnOne(customer, order);
    const firstShare = paise(first.refundAmount);
    const [firstMail] = await refundMails(order, 1);
    const firstParts = `${formatPaise(collected)} back to the card you paid with and ${formatPaise(firstShare - collected)} back on the gift cards and store credit you paid with`;
    expect(textOf(firstMail!)).toContain(`we have refunded ${formatPaise(firstShare)} for order ${order.orderNumber}: ${firstParts}.`);
    expect((await orderOf(order)).statusHistory.map((entry) => entry.note)).toContain(`We received your return for order ${order.orderNumber} and refunded ${firstParts}.`);

    // Second return: the card has had back all it paid, so the share goes onto the gift card alone.
    const second = await returnOne(customer, order);
    const secondShare = paise(second.refundAmount);
    const [, secondMail] = await refundMails(order, 2);
    expect(textOf(secondMail!)).toContain(`we have put ${formatPaise(secondShare)} for order ${order.orderNumber} back on the gift cards and store credit you paid with`);
    expect(textOf(secondMail!)).not.toMatch(/card you paid with|working days/);
    const notices = await noticesOf(order);
    expect(notices.at(-1)!.message).toBe(`We have put ${formatPaise(secondShare)} for order ${order.orderNumber} back on the gift cards and store credit you paid with.`);

    const after = await orderOf(order);
    expect(await refundedOntoTenders(order)).toBe(firstShare - collected + secondShare);
    expect(after).toMatchObject({ refundedAmount: (firstShare + secondShare) / 100, refundedToBalances: (firstShare - collected + secondShare) / 100, refundedToStoreCredit: 0 });
  });

  it('a partial return of an order the card paid most of goes back to the card and mentions no balance', async () => {
    const customer = await registerCustomer(shop);
    const order = await placeOrder(shop, customer.token, basket(3), { giftCardCodes: [await giftCard(500)] });
    await delivered(order);
    const share = paise((await returnOne(customer, order)).refundAmount);
    expect(share).toBeLessThan(paise(order.total) - 500_00);

    const [mail] = await refundMails(order, 1);
    expect(textOf(mail!)).toContain(`we have refunded ${formatPaise(share)} for order ${order.orderNumber} to the card you paid with`);
    expect(textOf(mail!)).not.toMatch(/gift card|store credit/);
    const [notice] = await noticesOf(order);
    expect(notice!.message).not.toMatch(/gift card|store credit/);
    const after = await orderOf(order);
    expect(after).toMatchObject({ refundedAmount: share / 100, refundedToBalances: 0, refundedToStoreCredit: 0 });
    expect(after.statusHistory.at(-1)?.note).toMatch(/^Refunded ₹[\d,.]+ \(rfnd_/);
  });
});

describe("the customer's choice of store credit", () => {
  it("puts the card's part onto their store credit and the gift card's back onto it, and says both", async () => {
    const customer = await registerCustomer(shop);
    const order = await placeOrder(shop, customer.token, basket(2), { giftCardCodes: [await giftCard(500)] });
    const total = paise(order.total);
    const cancelled = await call(shop, 'POST', `/api/orders/${order.orderNumber}/cancel`, { token: customer.token, body: { refundTo: 'store-credit' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);

    const parts = `${formatPaise(total - 500_00)} onto your store credit as you asked and ₹500.00 back on the gift cards and store credit you paid with`;
    expect(cancelled.body.message).toBe(`Order ${order.orderNumber} is cancelled. Refunded ${formatPaise(total)}: ${parts}.`);
    const [mail] = await refundMails(order, 1);
    expect(textOf(mail!)).toContain(`we have refunded ${formatPaise(total)} for order ${order.orderNumber}: ${parts}. You can spend it on your next order at once.`);
    expect(textOf(mail!)).not.toMatch(/card you paid with|working days/);
    const [notice] = await noticesOf(order);
    expect(notice!.message).toContain(parts);
    expect(cancelled.body.order).toMatchObject({ refundedAmount: order.total, refundedToBalances: 500, refundedToStoreCredit: (total - 500_00) / 100 });
  });
});
