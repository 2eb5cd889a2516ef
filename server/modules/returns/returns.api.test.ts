import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import { timelineHeadings } from '../../../domain/order-timeline.ts';
import type { OrderReturn } from '../../../contracts/returns.ts';
import { auditLog, emailMessages, notifications, orderReturns, products } from '../../db/schema/index.ts';
import { insertFestivalWithCoupon } from '../../../tests/support/festivals.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { placeOrder } from '../../../tests/support/checkout.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

let now = new Date('2026-11-20T12:00:00+05:30');
let shop: TestShop;
let customer: Awaited<ReturnType<typeof registerCustomer>>;
let adminToken: string;
let poppy: number;
let hush: number;

const inventory = async (id: number) => (await shop.database.db.select().from(products).where(eq(products.id, id)))[0]!.inventory;
const deliver = (order: Order) => call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: adminToken, body: { status: 'delivered' } });
const ask = (order: Order, body: unknown, token = customer.token) => call(shop, 'POST', `/api/orders/${order.orderNumber}/returns`, { token, body });
const act = (id: number, body: unknown) => call(shop, 'PUT', `/api/admin/returns/${id}`, { token: adminToken, body });

beforeAll(async () => {
  shop = await startTestShop({ clock: () => now });
  customer = await registerCustomer(shop);
  adminToken = await signInAdmin(shop);
  const rows = await shop.database.db.select().from(products);
  poppy = rows.find((row) => row.slug === 'dark-poppy')!.id;
  hush = rows.find((row) => row.slug === 'hush')!.id;
  await shop.database.db.update(products).set({ inventory: 20 });
  await insertFestivalWithCoupon(shop.database.db, { name: 'Purnima', festivalCode: 'PURNIMA10', couponType: 'percentage', discountValue: 1000, startDate: new Date('2026-11-01T00:00:00Z'), endDate: new Date('2026-12-31T00:00:00Z') });
});
afterAll(async () => {
  await shop?.close();
});

describe('returns', () => {
  it('a partial return of 1 of 2 units: approved, received, restocked, its share refunded with the discount prorated', async () => {
    const order = await placeOrder(shop, customer.token, [{ productId: poppy, size: '30ml', quantity: 2 }, { productId: hush, size: '15ml', quantity: 1 }], { couponCode: 'PURNIMA10' });
    expect(order.discountAmount).toBeGreaterThan(0);
    expect((await deliver(order)).status).toBe(200);
    const poppyLine = order.items.find((item) => item.productId === poppy)!;
    const stockBefore = await inventory(poppy);

    const asked = await ask(order, { lines: [{ orderItemId: poppyLine.id, quantity: 1 }], reason: 'changed-my-mind', note: 'The scent is too strong for me' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const requested = asked.body.return as OrderReturn;
    // One unit's share of its line, less that share of the 10% discount.
    const expected = Math.floor(poppyLine.price * 100 * 0.9) / 100;
    expect(requested).toMatchObject({ status: 'requested', statusName: 'Requested', reasonName: 'Changed my mind', refundAmount: expected });
    const adminAlert = await shop.database.db.select().from(notifications).where(eq(notifications.title, 'Return Requested'));
    expect(adminAlert.some((alert) => alert.message.includes(order.orderNumber))).toBe(true);

    const approved = await act(requested.id, { action: 'approve', note: 'Our courier comes on Tuesday between 10 and 1.' });
    expect(approved.body.return).toMatchObject({ status: 'approved', adminNote: 'Our courier comes on Tuesday between 10 and 1.' });
    const received = await act(requested.id, { action: 'receive', restock: true });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body.return).toMatchObject({ status: 'received', statusName: 'Refunded', restocked: true, refundAmount: expected, refundId: expect.stringMatching(/^rfnd_/), refundByTransfer: false, offlineRefund: null });
    expect(await inventory(poppy)).toBe(stockBefore + 1);

    const after = (await call(shop, 'GET', `/api/orders/${order.orderNumber}`, { token: customer.token })).body.order as Order;
    // The order stands, paid, with the returned share given back; each return step is its own event, and so has its own heading.
    expect(after).toMatchObject({ status: 'delivered', paymentStatus: 'paid', refundedAmount: expected });
    expect(after.statusHistory.map((entry) => entry.note).join('\n')).toMatch(/Return of 1 potion requested[\s\S]*approved[\s\S]*received[\s\S]*Refunded/);
    expect(after.statusHistory.map((entry) => entry.event).slice(-4)).toEqual(['return-requested', 'return-approved', 'return-received', 'refund-succeeded']);
    expect(timelineHeadings(after.statusHistory).slice(-4)).toEqual(['Return Requested', 'Return Approved', 'Return Received', 'Refund Issued']);
    const mine = await call(shop, 'GET', `/api/orders/${order.orderNumber}/returns`, { token: customer.token });
    expect(mine.body.returns).toEqual([expect.objectContaining({ id: requested.id, statusName: 'Refunded', refundAmount: expected })]);

    const mails = await shop.database.db.select().from(emailMessages).where(eq(emailMessages.toAddress, order.customerEmail));
    expect(mails.filter((mail) => mail.template === 'return-update')).toHaveLength(3);
    expect(mails.some((mail) => mail.template === 'refund-issued' && mail.dedupeKey.endsWith(requested.id ? (received.body.return as OrderReturn).refundId! : ''))).toBe(true);
    const audits = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'return'), eq(auditLog.targetId, String(requested.id))));
    expect(audits.map((entry) => entry.action).sort()).toEqual(['return.approve', 'return.receive']);

    // Cancelling the order later gives back only the units still with it: 1 poppy and the hush.
    const poppyNow = await inventory(poppy);
    await call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: adminToken, body: { status: 'cancelled' } });
    expect(await inventory(poppy)).toBe(poppyNow + 1);
  });

  it('the review request waiting for a delivered order leaves out what is being returned, and is not sent when all of it comes back', async () => {
    const order = await placeOrder(shop, customer.token, [{ productId: poppy, size: '30ml', quantity: 1 }, { productId: hush, size: '15ml', quantity: 1 }]);
    expect((await deliver(order)).status).toBe(200);
    const review = async () => (await shop.database.db.select().from(emailMessages).where(eq(emailMessages.dedupeKey, `review-request:${order.id}`)))[0];
    const named = async () => ((await review())?.data as { items: { name: string }[] } | undefined)?.items.map((item) => item.name);
    expect(await named()).toEqual(['Dark Poppy', 'Hush']);
    const line = (productId: number) => order.items.find((item) => item.productId === productId)!.id;
    expect((await ask(order, { lines: [{ orderItemId: line(poppy), quantity: 1 }], reason: 'damaged-or-leaking' })).status).toBe(201);
    expect(await named()).toEqual(['Hush']);
    expect((await ask(order, { lines: [{ orderItemId: line(hush), quantity: 1 }], reason: 'changed-my-mind' })).status).toBe(201);
    expect(await review()).toBeUndefined();
  });

  it('refuses bad requests naming the field and writes nothing: not delivered, past the window, too many, another order’s line, a duplicate', async () => {
    const order = await placeOrder(shop, customer.token, [{ productId: poppy, size: '15ml', quantity: 2 }]);
    const other = await placeOrder(shop, customer.token, [{ productId: hush, size: '15ml', quantity: 1 }]);
    const line = order.items[0]!;
    const notYet = await ask(order, { lines: [{ orderItemId: line.id, quantity: 1 }], reason: 'wrong-item' });
    expect(notYet.status).toBe(409);
    expect(notYet.body.errors?.[0]?.field).toBe('orderId');
    await deliver(order);
    expect((await ask(order, { lines: [{ orderItemId: line.id, quantity: 3 }], reason: 'wrong-item' })).body.errors?.[0]).toMatchObject({ field: 'lines.0.quantity' });
    const foreign = await ask(order, { lines: [{ orderItemId: other.items[0]!.id, quantity: 1 }], reason: 'wrong-item' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors?.[0]?.field).toBe('lines.0.orderItemId');
    expect((await ask(order, { lines: [], reason: 'wrong-item' })).body.errors?.[0]?.field).toBe('lines');
    expect((await ask(order, { lines: [{ orderItemId: line.id, quantity: 1 }], reason: 'bored' })).body.errors?.[0]?.field).toBe('reason');
    expect((await ask(order, { lines: [{ orderItemId: line.id, quantity: 1 }], reason: 'wrong-item', photos: ['https://evil.example/a.png'] })).body.errors?.[0]?.field).toBe('photos.0');
    const stranger = await registerCustomer(shop);
    expect((await ask(order, { lines: [{ orderItemId: line.id, quantity: 1 }], reason: 'wrong-item' }, stranger.token)).status).toBe(404);
    expect(await shop.database.db.select().from(orderReturns).where(eq(orderReturns.orderId, order.id))).toHaveLength(0);

    expect((await ask(order, { lines: [{ orderItemId: line.id, quantity: 2 }], reason: 'wrong-item' })).status).toBe(201);
    const duplicate = await ask(order, { lines: [{ orderItemId: line.id, quantity: 1 }], reason: 'wrong-item' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors?.[0]?.field).toBe('lines.0.quantity');

    now = new Date(now.getTime() + 8 * 24 * 60 * 60 * 1000);
    await deliver(other);
    now = new Date(now.getTime() + 8 * 24 * 60 * 60 * 1000);
    const late = await ask(other, { lines: [{ orderItemId: other.items[0]!.id, quantity: 1 }], reason: 'wrong-item' });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/closed 7 days after delivery/);
  });

  it('the back office rejects with a reason, refuses steps out of turn, and lists the queue by status', async () => {
    const order = await placeOrder(shop, customer.token, [{ productId: hush, size: '15ml', quantity: 1 }]);
    await deliver(order);
    const requested = (await ask(order, { lines: [{ orderItemId: order.items[0]!.id, quantity: 1 }], reason: 'not-as-described' })).body.return as OrderReturn;
    expect((await act(requested.id, { action: 'receive' })).status).toBe(409);
    const noReason = await act(requested.id, { action: 'reject' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors?.[0]?.field).toBe('note');
    const rejected = await act(requested.id, { action: 'reject', note: 'The seal was broken before it was sent back.' });
    expect(rejected.body.return).toMatchObject({ status: 'rejected', adminNote: 'The seal was broken before it was sent back.' });
    expect((await act(requested.id, { action: 'approve' })).status).toBe(409);
    expect((await act(999_999, { action: 'approve' })).status).toBe(404);
    const queue = await call(shop, 'GET', '/api/admin/returns?status=rejected', { token: adminToken });
    expect((queue.body.returns as OrderReturn[]).map((entry) => entry.id)).toContain(requested.id);
    expect(queue.body.counts).toMatchObject({ rejected: 1 });
    expect((await call(shop, 'GET', '/api/admin/returns', { token: customer.token })).status).toBe(403);
    // A rejected return frees its units for another request.
    expect((await ask(order, { lines: [{ orderItemId: order.items[0]!.id, quantity: 1 }], reason: 'not-as-described' })).status).toBe(201);
  });
});
