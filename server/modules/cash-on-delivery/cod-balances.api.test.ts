import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import type { Product } from '../../../contracts/products.ts';
import type { Shipment } from '../../../contracts/shipments.ts';
import { formatPaise } from '../../../domain/money.ts';
import { balanceAccounts, balanceEntries, balanceTenders, checkouts, emailMessages, notifications, orders, products, users } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { SHIPPING, type Line } from '../../../tests/support/checkout.ts';
import { startFakeShiprocket, STAND_IN_PICKUP, type FakeShiprocket } from '../../../tests/support/fake-shiprocket.ts';
import { pdfText } from '../../../tests/support/pdf-text.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { renderEmail } from '../mail/render-email.ts';
import type { CourierJob } from '../shipments/courier-queue.ts';
import { issueGiftCard } from '../../../tests/support/gift-cards.ts';

/**
 * Cash on delivery with gift cards and store credit paying part (docs/decisions/0084): the balances are taken when
 * the order is placed, the courier, the label, the e-mails and the order page ask only for the rest, an order that
 * ends without its cash gives them back once, and a delivered one is invoiced for the whole bill.
 */
const CREDENTIALS = { email: 'api-user@deosil.test', password: 'shiprocket-api-pass' };
const WEBHOOK_TOKEN = 'whk-token-0123456789abcdef';
// Monday 23 November 2026, 10:00 in India.
const now = new Date('2026-11-23T10:00:00+05:30');
let fake: FakeShiprocket;
let shop: TestShop;
let admin: string;
let valor: Product;

type Customer = Awaited<ReturnType<typeof registerCustomer>>;

const basket = (quantity = 1): Line[] => [{ productId: valor.id, size: '50ml', quantity }];
const placeCod = (customer: Customer, extra: Record<string, unknown> = {}, items = basket()) =>
  call(shop, 'POST', '/api/payments/cod/place-order', { token: customer.token, body: { items, ...SHIPPING, ...extra } });
const confirm = (customer: Customer, order: Order) => call(shop, 'POST', `/api/orders/${order.id}/confirm-cod`, { token: customer.token, body: {} });
const orderOf = async (customer: Customer, order: Order) => (await call(shop, 'GET', `/api/orders/${order.orderNumber}`, { token: customer.token })).body.order as Order;
const balanceOf = async (accountId: number) => (await shop.database.db.select().from(balanceAccounts).where(eq(balanceAccounts.id, accountId)))[0]!.balancePaise;
const entriesOf = (accountId: number) => shop.database.db.select().from(balanceEntries).where(eq(balanceEntries.accountId, accountId));
const paise = (rupees: number) => Math.round(rupees * 100);
const runJob = (job: CourierJob) => shop.app.services.courierJobs.run(job);
const adhocOf = (reference: string) => fake.requests.filter((request) => request.path.startsWith('/v1/external/orders/create/adhoc')).map((request) => request.body as Record<string, unknown>).find((body) => body.order_id === reference);
const scan = (awb: string, code: number, label: string, at: string) =>
  shop.app.inject({ method: 'POST', url: '/api/shipping/shiprocket/webhook', headers: { 'x-api-key': WEBHOOK_TOKEN }, payload: fake.webhookPayload(awb, code, label, at) });

async function verifiedCustomer(): Promise<Customer> {
  const customer = await registerCustomer(shop);
  await shop.database.db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, customer.user.id));
  return customer;
}

const giftCard = (amount: number) => issueGiftCard(shop, admin, amount);

async function storeCredit(customer: Customer, amount: number): Promise<number> {
  const granted = await call(shop, 'POST', '/api/admin/store-credit', { token: admin, body: { email: customer.user.email, amount, reason: 'Parcel arrived late' } });
  expect(granted.status, JSON.stringify(granted.body)).toBe(200);
  const [account] = await shop.database.db.select().from(balanceAccounts).where(and(eq(balanceAccounts.kind, 'store-credit'), eq(balanceAccounts.userId, customer.user.id)));
  return account!.id;
}

async function placed(customer: Customer, extra: Record<string, unknown>): Promise<Order> {
  const response = await placeCod(customer, extra);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.order as Order;
}

/** A parcel booked through the Shiprocket stand-in, as the worker's booking job does it. */
async function booked(order: Order): Promise<Shipment> {
  const created = await call(shop, 'POST', `/api/admin/orders/${order.orderNumber}/shipments`, { token: admin, body: {} });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const shipment = created.body.shipment as Shipment;
  await runJob({ shipmentId: shipment.id, step: 'book' });
  return (await call(shop, 'GET', `/api/admin/shipments/${shipment.id}`, { token: admin })).body.shipment as Shipment;
}

beforeAll(async () => {
  fake = await startFakeShiprocket(CREDENTIALS);
  shop = await startTestShop({
    clock: () => now,
    env: {
      SHIPROCKET_EMAIL: CREDENTIALS.email,
      SHIPROCKET_PASSWORD: CREDENTIALS.password,
      SHIPROCKET_PICKUP_LOCATION: STAND_IN_PICKUP.pickup_location,
      SHIPROCKET_API_BASE: fake.url,
      SHIPROCKET_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
      GIFT_CARD_CODE_RATE_LIMIT: '40',
      PAYMENT_ORDER_RATE_LIMIT: '100',
    },
  });
  admin = await signInAdmin(shop);
  valor = (await shop.app.inject({ method: 'GET', url: '/api/products/valor' })).json().product;
  await shop.database.db.update(products).set({ inventory: 500 }).where(eq(products.id, valor.id));
});
afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

describe('cash on delivery with a gift card paying part', () => {
  it('takes the card when the order is placed; the e-mail, the order, the courier booking and the label ask only for the rest', async () => {
    const customer = await verifiedCustomer();
    const { code, giftCard: card } = await giftCard(500);
    const order = await placed(customer, { giftCardCodes: [code] });
    const toCollect = order.total - 500;
    expect(order).toMatchObject({ paymentMethod: 'cod', paymentStatus: 'cod_pending', paidWithBalances: 500 });
    expect(order.cashOnDelivery).toMatchObject({ fee: 49, toCollect });
    // The bill is the whole basket's with the fee: the card is a payment, not a discount (decision 0067).
    expect(order.total).toBeCloseTo(order.subtotal - order.discountAmount + 49, 2);
    expect(await balanceOf(card.id)).toBe(0);
    const taken = await entriesOf(card.id);
    expect(taken.filter((entry) => entry.reason === 'checkout')).toEqual([expect.objectContaining({ amountPaise: -500_00, balanceAfterPaise: 0 })]);
    const [tender] = await shop.database.db.select().from(balanceTenders).where(eq(balanceTenders.accountId, card.id));
    expect(tender).toMatchObject({ orderId: order.id, state: 'taken', amountPaise: 500_00 });

    // The 'please confirm' e-mail: the card's part under the total, and the cash to have ready.
    const [mail] = await shop.database.db.select().from(emailMessages).where(eq(emailMessages.dedupeKey, `cod-placed:${order.id}`));
    const rendered = await renderEmail(mail!.template, mail!.data, { shopUrl: 'https://shop.deosil.test' });
    expect(rendered.text).toContain(`Please keep ${formatPaise(paise(toCollect))} ready for the courier`);
    expect(rendered.text).toMatch(/Paid with gift cards and store credit\s+−₹500\.00/);
    expect(rendered.text).toMatch(new RegExp(`To pay on delivery\\s+${formatPaise(paise(toCollect)).replace(/[.₹]/g, '\\$&')}`));
    expect(rendered.text).not.toContain(`Please keep ${formatPaise(paise(order.total))}`);
    const [bell] = await shop.database.db.select().from(notifications).where(and(eq(notifications.userId, customer.user.id), eq(notifications.title, 'Please Confirm Your Order')));
    expect(bell!.message).toContain(`(${formatPaise(paise(toCollect))})`);

    // Confirmed, it is booked with the courier for the rest only.
    expect((await confirm(customer, order)).status).toBe(200);
    const parcel = await booked(order);
    expect(parcel.awb).toBeTruthy();
    expect(adhocOf(parcel.reference)).toMatchObject({ payment_method: 'COD', sub_total: toCollect });
    expect(fake.orders.find((entry) => entry.channel_order_id === parcel.reference)!.body.sub_total).toBe(toCollect);
  });

  it("prints the shop's own label with the cash to collect less the card's part", async () => {
    const customer = await verifiedCustomer();
    const { code } = await giftCard(750);
    const order = await placed(customer, { giftCardCodes: [code] });
    expect((await confirm(customer, order)).status).toBe(200);
    const created = await call(shop, 'POST', `/api/admin/orders/${order.orderNumber}/shipments`, { token: admin, body: { courierName: 'DTDC', awb: '7D55501234' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const printed = await shop.app.inject({ method: 'POST', url: '/api/admin/shipments/labels', headers: { authorization: `Bearer ${admin}` }, payload: { shipmentIds: [(created.body.shipment as Shipment).id] } });
    expect(printed.statusCode).toBe(200);
    const text = pdfText(printed.rawPayload);
    expect(text).toContain(`Collect ${formatPaise(paise(order.total - 750))} in cash`);
    expect(text).not.toContain(`Collect ${formatPaise(paise(order.total))}`);
  });

  it('refuses a card that cannot pay, naming it, and an order the balances pay in full, and writes nothing', async () => {
    const customer = await verifiedCustomer();
    const before = { orders: (await shop.database.db.select().from(orders)).length, checkouts: (await shop.database.db.select().from(checkouts)).length };
    const unknown = await placeCod(customer, { giftCardCodes: ['ABCD-EFGH-JKLM-NPQR'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: 'giftCardCodes.0', message: 'No gift card has the code ending NPQR' }]);
    // A card and store credit that hold more than the whole bill: no cash is left to collect, so it is no COD order.
    const { code, giftCard: card } = await giftCard(5000);
    const credit = await storeCredit(customer, 200);
    const whole = await placeCod(customer, { giftCardCodes: [code], useStoreCredit: true });
    expect(whole.status).toBe(400);
    expect(whole.body.errors?.[0]?.field).toBe('giftCardCodes.0');
    expect(whole.body.errors?.[0]?.message).toContain('choose Pay online');
    // COD_MAX_ORDER bounds the whole order, not only the cash left after a card (the stricter reading, decision 0084).
    const { code: big } = await giftCard(2000);
    const overLimit = await placeCod(customer, { giftCardCodes: [big] }, basket(2));
    expect(overLimit.status).toBe(400);
    expect(overLimit.body.errors).toEqual([{ field: 'items', message: 'Cash on delivery is available for orders up to ₹5,000.00' }]);
    const noCredit = await placeCod(await verifiedCustomer(), { useStoreCredit: true });
    expect(noCredit.status).toBe(400);
    expect(noCredit.body.errors).toEqual([{ field: 'useStoreCredit', message: 'You have no store credit to use' }]);
    expect(await balanceOf(card.id)).toBe(5000_00);
    expect(await balanceOf(credit)).toBe(200_00);
    expect((await shop.database.db.select().from(orders)).length).toBe(before.orders);
    expect((await shop.database.db.select().from(checkouts)).length).toBe(before.checkouts);
  });
});

describe('a cash-on-delivery order that ends without its cash', () => {
  it('cancelled: the gift card and the store credit get their parts back, once, with entries naming the order', async () => {
    const customer = await verifiedCustomer();
    const { code, giftCard: card } = await giftCard(500);
    const credit = await storeCredit(customer, 300);
    const order = await placed(customer, { giftCardCodes: [code], useStoreCredit: true });
    expect(order.paidWithBalances).toBe(800);
    expect(order.cashOnDelivery?.toCollect).toBeCloseTo(order.total - 800, 2);
    expect([await balanceOf(card.id), await balanceOf(credit)]).toEqual([0, 0]);

    const cancelled = await call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: admin, body: { status: 'cancelled' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect([await balanceOf(card.id), await balanceOf(credit)]).toEqual([500_00, 300_00]);
    for (const account of [card.id, credit]) {
      const back = (await entriesOf(account)).filter((entry) => entry.reason === 'released');
      expect(back).toEqual([expect.objectContaining({ orderId: order.id, amountPaise: account === card.id ? 500_00 : 300_00 })]);
    }
    // Asked again (the same status set twice, a late RTO, the expiry job), nothing more comes back.
    await call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: admin, body: { status: 'cancelled' } });
    expect((await call(shop, 'POST', `/api/admin/orders/${order.orderNumber}/rto`, { token: admin, body: {} })).status).toBe(409);
    await shop.app.services.cod.expireUnconfirmed(new Date(now.getTime() + 48 * 60 * 60 * 1000));
    expect([await balanceOf(card.id), await balanceOf(credit)]).toEqual([500_00, 300_00]);
    for (const account of [card.id, credit]) expect((await entriesOf(account)).filter((entry) => entry.reason === 'released')).toHaveLength(1);
    const tenders = await shop.database.db.select().from(balanceTenders).where(eq(balanceTenders.orderId, order.id));
    expect(tenders.map((tender) => tender.state)).toEqual(['released', 'released']);
    const [mail] = await shop.database.db.select().from(emailMessages).where(eq(emailMessages.dedupeKey, `order-cancelled:${order.id}`));
    const rendered = await renderEmail(mail!.template, mail!.data, { shopUrl: 'https://shop.deosil.test' });
    expect(rendered.text).toContain('The ₹800.00 your gift cards and store credit paid towards it is back on them');
  });

  it('returned to origin after it shipped: the card gets its part back once, and the order stays cancelled', async () => {
    const customer = await verifiedCustomer();
    const { code, giftCard: card } = await giftCard(600);
    const order = await placed(customer, { giftCardCodes: [code] });
    expect((await confirm(customer, order)).status).toBe(200);
    const parcel = await booked(order);
    expect((await scan(parcel.awb!, 42, 'Picked Up', '23 11 2026 11:00:00')).statusCode).toBe(200);
    expect((await orderOf(customer, order)).status).toBe('shipped');
    expect(await balanceOf(card.id)).toBe(0);

    const rto = await call(shop, 'POST', `/api/admin/orders/${order.orderNumber}/rto`, { token: admin, body: { note: 'Refused at the door' } });
    expect(rto.status, JSON.stringify(rto.body)).toBe(200);
    expect((rto.body.order as Order).paymentStatus).toBe('not_collected');
    expect(await balanceOf(card.id)).toBe(600_00);
    expect((await call(shop, 'POST', `/api/admin/orders/${order.orderNumber}/rto`, { token: admin, body: {} })).status).toBe(409);
    expect(await balanceOf(card.id)).toBe(600_00);
    const released = (await entriesOf(card.id)).filter((entry) => entry.reason === 'released');
    expect(released).toEqual([expect.objectContaining({ orderId: order.id, amountPaise: 600_00, balanceAfterPaise: 600_00 })]);
  });

  it('not confirmed in time: the expiry job gives the card back with the stock', async () => {
    const customer = await verifiedCustomer();
    const { code, giftCard: card } = await giftCard(500);
    const order = await placed(customer, { giftCardCodes: [code] });
    const expired = await shop.app.services.cod.expireUnconfirmed(new Date(now.getTime() + 25 * 60 * 60 * 1000));
    expect(expired).toBeGreaterThanOrEqual(1);
    expect((await orderOf(customer, order)).paymentStatus).toBe('not_collected');
    expect(await balanceOf(card.id)).toBe(500_00);
    expect(await shop.app.services.cod.expireUnconfirmed(new Date(now.getTime() + 26 * 60 * 60 * 1000))).toBe(0);
    expect(await balanceOf(card.id)).toBe(500_00);
  });
});

describe('a delivered cash-on-delivery order paid partly by a gift card', () => {
  it('is invoiced for the whole bill; the cash collected is the rest, and the card stays spent', async () => {
    const customer = await verifiedCustomer();
    const { code, giftCard: card } = await giftCard(500);
    const order = await placed(customer, { giftCardCodes: [code] });
    expect((await confirm(customer, order)).status).toBe(200);
    const parcel = await booked(order);
    expect((await scan(parcel.awb!, 42, 'Picked Up', '23 11 2026 11:00:00')).statusCode).toBe(200);
    expect((await scan(parcel.awb!, 7, 'Delivered', '24 11 2026 14:30:00')).statusCode).toBe(200);

    const delivered = await orderOf(customer, order);
    expect(delivered).toMatchObject({ status: 'delivered', paymentStatus: 'paid', paidWithBalances: 500 });
    expect(delivered.invoiceNumber).toBeTruthy();
    // The tax invoice is the whole bill's, however it was paid: taxable value and tax add up to the total.
    const tax = delivered.tax!;
    expect(tax.taxableValue + tax.cgst + tax.sgst + tax.igst).toBeCloseTo(delivered.total, 2);
    expect(await balanceOf(card.id)).toBe(0);
    expect((await entriesOf(card.id)).some((entry) => entry.reason === 'released')).toBe(false);
    const [received] = await shop.database.db.select().from(notifications).where(and(eq(notifications.userId, customer.user.id), eq(notifications.title, 'Payment Received')));
    expect(received!.message).toContain(`We received ${formatPaise(paise(delivered.total - 500))} in cash`);
  });
});
