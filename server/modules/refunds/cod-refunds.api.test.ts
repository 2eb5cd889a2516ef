import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import { formatPaise } from '../../../domain/money.ts';
import type { OrderReturn } from '../../../contracts/returns.ts';
import { auditLog, emailMessages, notifications, offlineRefunds, orders, products, users } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { SHIPPING } from '../../../tests/support/checkout.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { renderEmail } from '../mail/render-email.ts';

// Monday 23 November 2026, 10:00 in India.
let now = new Date('2026-11-23T10:00:00+05:30');
const HOUR = 60 * 60 * 1000;
let shop: TestShop;
let admin: string;
let poppy: number;

type Customer = Awaited<ReturnType<typeof registerCustomer>>;

const adminCall = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => call(shop, method, path, { token: admin, ...(body === undefined ? {} : { body }) });
const setStatus = (order: Order, status: string) => adminCall('PUT', `/api/admin/orders/${order.orderNumber}/status`, { status });
const record = (refundId: number, body: unknown) => adminCall('POST', `/api/admin/offline-refunds/${refundId}/paid`, body);
const giveUpi = (customer: Customer, order: Order, upiId: unknown) => call(shop, 'PUT', `/api/orders/${order.orderNumber}/refund-upi`, { token: customer.token, body: { upiId } });
const orderOf = async (order: Order) => (await adminCall('GET', `/api/admin/orders/${order.orderNumber}`)).body.order as Order;
const mailsOf = async (order: Order, template: string) =>
  (await shop.database.db.select().from(emailMessages).where(eq(emailMessages.template, template))).filter((mail) => (mail.data as { orderNumber?: string }).orderNumber === order.orderNumber);
const noticesTitled = (title: string) => shop.database.db.select().from(notifications).where(eq(notifications.title, title));
const auditsOf = async (order: Order, action: string) =>
  (await shop.database.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetId, order.id)))).length;

async function customerWithCod(): Promise<Customer> {
  const customer = await registerCustomer(shop);
  await shop.database.db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, customer.user.id));
  return customer;
}

/** A COD order placed, confirmed by its customer and, unless told otherwise, its cash collected at the door. */
async function codOrder(customer: Customer, options: { collect?: boolean; quantity?: number } = {}): Promise<Order> {
  const placed = await call(shop, 'POST', '/api/payments/cod/place-order', {
    token: customer.token,
    body: { items: [{ productId: poppy, size: '30ml', quantity: options.quantity ?? 1 }], ...SHIPPING },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const order = placed.body.order as Order;
  expect((await call(shop, 'POST', `/api/orders/${order.id}/confirm-cod`, { token: customer.token, body: {} })).status).toBe(200);
  if (options.collect === false) return order;
  const collected = await adminCall('POST', `/api/admin/orders/${order.orderNumber}/cod-collected`, {});
  expect(collected.status, JSON.stringify(collected.body)).toBe(200);
  expect(collected.body.order).toMatchObject({ paymentStatus: 'paid', status: 'delivered', paymentId: null });
  return collected.body.order as Order;
}

beforeAll(async () => {
  shop = await startTestShop({ clock: () => now });
  admin = await signInAdmin(shop);
  const rows = await shop.database.db.select().from(products);
  poppy = rows.find((row) => row.slug === 'dark-poppy')!.id;
  await shop.database.db.update(products).set({ inventory: 200 });
});
afterAll(async () => {
  await shop?.close();
});

describe('refunding cash collected on delivery', () => {
  it('an admin cancels a collected COD order: a refund to transfer opens for the total, with no card promised, and the provider is never asked', async () => {
    const customer = await customerWithCod();
    const order = await codOrder(customer);

    const cancelled = await setStatus(order, 'cancelled');
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const after = cancelled.body.order as Order;
    expect(after).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_pending', refundUpiId: null });
    expect(after.offlineRefunds).toEqual([expect.objectContaining({ returnId: null, amount: order.total, status: 'awaiting', method: null, reference: null })]);

    // The Razorpay refund has no payment to refund and is refused before anything is sent.
    const viaProvider = await adminCall('POST', `/api/admin/orders/${order.orderNumber}/refund`, {});
    expect(viaProvider.status).toBe(409);
    expect(viaProvider.body.message).toContain('cash on delivery');

    const [mail] = await mailsOf(order, 'order-cancelled');
    expect(mail!.data).toMatchObject({ refundByTransfer: true, refundDuePaise: Math.round(order.total * 100) });
    const rendered = await renderEmail(mail!.template, mail!.data, { shopUrl: 'https://shop.deosil.test' });
    expect(rendered.text).toContain('transfer your refund');
    expect(rendered.text).toContain('UPI ID');
    expect(rendered.text).not.toMatch(/card/i);

    const [toTransfer] = (await noticesTitled('Refund to Transfer')).filter((notice) => notice.message.includes(order.orderNumber));
    expect(toTransfer?.message).toContain('record its UTR');
    expect((await noticesTitled('Refund Needed')).some((notice) => notice.message.includes(order.orderNumber))).toBe(false);
  });

  it('the customer gives a UPI ID for it (checked like name@bank); the admin records the transfer once: refunded, credit note, audit, notice and e-mail with the UTR', async () => {
    const customer = await customerWithCod();
    const order = await codOrder(customer);
    await setStatus(order, 'cancelled');
    const refundId = (await orderOf(order)).offlineRefunds[0]!.id;

    for (const bad of ['priya', 'priya@', '@okaxis', 'priya sharma@okaxis', 'priya@ok axis', 42]) {
      const refused = await giveUpi(customer, order, bad);
      expect(refused.status, String(bad)).toBe(400);
      expect(refused.body.errors?.[0]?.field ?? refused.body.message, String(bad)).toContain('upiId');
    }
    const stranger = await customerWithCod();
    expect((await giveUpi(stranger, order, 'someone@ybl')).status).toBe(404);
    expect((await orderOf(order)).refundUpiId).toBeNull();

    const given = await giveUpi(customer, order, '  Priya.Sharma@OKAXIS ');
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect((given.body.order as Order).refundUpiId).toBe('priya.sharma@okaxis');
    expect((await noticesTitled('UPI ID for Refund')).some((notice) => notice.message.includes('priya.sharma@okaxis') && notice.message.includes(order.orderNumber))).toBe(true);

    // Bad input: a 400 naming the field, and nothing written.
    now = new Date(now.getTime() + 2 * HOUR);
    const refusals: [unknown, string][] = [
      [{ method: 'cash', reference: '412345678901', paidOn: '2026-11-23' }, 'method'],
      [{ method: 'upi', reference: '', paidOn: '2026-11-23' }, 'reference'],
      [{ method: 'upi', reference: 'ABC123', paidOn: '2026-11-23' }, 'reference'],
      [{ method: 'bank_transfer', reference: '12345', paidOn: '2026-11-23' }, 'reference'],
      [{ method: 'upi', reference: '412345678901' }, 'paidOn'],
      [{ method: 'upi', reference: '412345678901', paidOn: '23/11/2026' }, 'paidOn'],
      [{ method: 'upi', reference: '412345678901', paidOn: '2026-11-24' }, 'paidOn'],
      [{ method: 'upi', reference: '412345678901', paidOn: '2026-11-22' }, 'paidOn'],
      [{ method: 'upi', reference: '412345678901', paidOn: '2026-02-30' }, 'paidOn'],
    ];
    for (const [body, field] of refusals) {
      const refused = await record(refundId, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.errors?.map((error: { field: string }) => error.field), JSON.stringify(body)).toContain(field);
    }
    expect(await orderOf(order)).toMatchObject({ paymentStatus: 'refund_pending', creditNotes: [], offlineRefunds: [expect.objectContaining({ status: 'awaiting' })] });
    expect(await auditsOf(order, 'order.refund-transfer')).toBe(0);

    const paid = await record(refundId, { method: 'upi', reference: ' 4123 4567 8901 ', paidOn: '2026-11-23' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const refunded = paid.body.order as Order;
    expect(paid.body.message).toContain('UTR 412345678901');
    expect(refunded).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(refunded.offlineRefunds).toEqual([expect.objectContaining({ status: 'paid', method: 'upi', reference: '412345678901', paidOn: '2026-11-23', amount: order.total })]);
    expect(refunded.creditNotes).toEqual([expect.objectContaining({ amount: order.total })]);
    expect(refunded.statusHistory.at(-1)?.note).toBe(`Refunded ${formatPaise(Math.round(order.total * 100))} by UPI (UTR 412345678901)`);
    expect(await auditsOf(order, 'order.refund-transfer')).toBe(1);

    const [sent] = (await shop.database.db.select().from(notifications).where(and(eq(notifications.userId, customer.user.id), eq(notifications.title, 'Refund Sent')))).map((row) => row.message);
    expect(sent).toContain('UTR 412345678901');
    const [mail] = await mailsOf(order, 'refund-issued');
    expect(mail!.attachments).toEqual([expect.objectContaining({ kind: 'credit-note' })]);
    const rendered = await renderEmail(mail!.template, mail!.data, { shopUrl: 'https://shop.deosil.test' });
    expect(rendered.subject).toBe(`Refund sent for order ${order.orderNumber}`);
    expect(rendered.text).toContain('412345678901');
    expect(rendered.text).not.toMatch(/card/i);

    // Twice: 409, and nothing more refunded, noted or issued.
    const again = await record(refundId, { method: 'bank_transfer', reference: 'HDFC0123456789AB', paidOn: '2026-11-23' });
    expect(again.status).toBe(409);
    expect(await orderOf(order)).toMatchObject({ paymentStatus: 'refunded', creditNotes: [expect.anything()] });
    expect(await auditsOf(order, 'order.refund-transfer')).toBe(1);
    expect((await record(999_999, { method: 'upi', reference: '412345678902', paidOn: '2026-11-23' })).status).toBe(404);
    // The customer's UPI ID is only asked for while a refund waits.
    expect((await giveUpi(customer, order, 'priya@ybl')).status).toBe(409);
  });

  it('two admins recording one refund at once: one is recorded, the other told so (409); the money and the credit note count once', async () => {
    const customer = await customerWithCod();
    const order = await codOrder(customer);
    await setStatus(order, 'cancelled');
    const refundId = (await orderOf(order)).offlineRefunds[0]!.id;
    const answers = await Promise.all([
      record(refundId, { method: 'upi', reference: '612345678901', paidOn: shopToday() }),
      record(refundId, { method: 'bank_transfer', reference: 'ICIC026112345678', paidOn: shopToday() }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const after = await orderOf(order);
    expect(after).toMatchObject({ paymentStatus: 'refunded', creditNotes: [expect.objectContaining({ amount: order.total })] });
    expect(after.offlineRefunds).toHaveLength(1);
    const [row] = await shop.database.db.select({ refundedPaise: orders.refundedPaise }).from(orders).where(eq(orders.id, order.id));
    expect(row!.refundedPaise).toBe(Math.round(order.total * 100));
    expect(await auditsOf(order, 'order.refund-transfer')).toBe(1);

    // Two refunds recorded at once with one UTR: one transfer cannot pay both, so one is refused on the field.
    const [first, second] = [await codOrder(customer), await codOrder(customer)];
    await setStatus(first, 'cancelled');
    await setStatus(second, 'cancelled');
    const ids = [(await orderOf(first)).offlineRefunds[0]!.id, (await orderOf(second)).offlineRefunds[0]!.id];
    const sameUtr = await Promise.all(ids.map((id) => record(id, { method: 'upi', reference: '712345678901', paidOn: shopToday() })));
    expect(sameUtr.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(sameUtr.find((answer) => answer.status === 409)!.body.errors?.[0]?.field).toBe('reference');
  });

  it('a COD order cancelled before its cash was collected owes nothing: no refund to transfer, no refund notices', async () => {
    const customer = await customerWithCod();
    const order = await codOrder(customer, { collect: false });
    const cancelled = await setStatus(order, 'cancelled');
    expect(cancelled.body.order).toMatchObject({ status: 'cancelled', paymentStatus: 'not_collected', offlineRefunds: [], creditNotes: [] });
    expect(await mailsOf(order, 'order-cancelled')).toHaveLength(0);
    expect(await mailsOf(order, 'cod-cancelled')).toHaveLength(1);
    expect((await noticesTitled('Refund to Transfer')).some((notice) => notice.message.includes(order.orderNumber))).toBe(false);
    expect((await giveUpi(customer, order, 'priya@ybl')).status).toBe(409);
    const [{ total }] = (await shop.database.db.select({ total: count() }).from(offlineRefunds).where(eq(offlineRefunds.orderId, order.id))) as [{ total: number }];
    expect(total).toBe(0);
  });

  it('a collected COD order cancelled then reopened no longer owes its refund: recording it is refused', async () => {
    const customer = await customerWithCod();
    const order = await codOrder(customer);
    await setStatus(order, 'cancelled');
    const refundId = (await orderOf(order)).offlineRefunds[0]!.id;
    const reopened = await setStatus(order, 'delivered');
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(reopened.body.order).toMatchObject({ paymentStatus: 'paid', offlineRefunds: [expect.objectContaining({ status: 'withdrawn' })] });
    expect((await record(refundId, { method: 'upi', reference: '512345678901', paidOn: shopToday() })).status).toBe(409);
    const [row] = await shop.database.db.select({ refundedPaise: orders.refundedPaise, paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, order.id));
    expect(row).toEqual({ refundedPaise: 0, paymentStatus: 'paid' });
  });
});

describe('a return of an order paid in cash', () => {
  it('receiving it opens a refund to transfer for its share; recording it refunds the share with a credit note; a UTR already used is refused', async () => {
    const customer = await customerWithCod();
    const order = await codOrder(customer, { quantity: 2 });
    const line = order.items[0]!;
    const asked = await call(shop, 'POST', `/api/orders/${order.orderNumber}/returns`, {
      token: customer.token,
      body: { lines: [{ orderItemId: line.id, quantity: 1 }], reason: 'damaged-or-leaking', note: 'The cap cracked' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const requested = asked.body.return as OrderReturn;
    expect((await adminCall('PUT', `/api/admin/returns/${requested.id}`, { action: 'approve' })).status).toBe(200);

    const received = await adminCall('PUT', `/api/admin/returns/${requested.id}`, { action: 'receive', restock: true });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    const entry = received.body.return as OrderReturn;
    expect(entry).toMatchObject({ status: 'received', statusName: 'Received — refund to be transferred', refundId: null, refundedAt: null, refundByTransfer: true });
    expect(entry.offlineRefund).toMatchObject({ returnId: requested.id, amount: requested.refundAmount, status: 'awaiting' });
    expect(await orderOf(order)).toMatchObject({ paymentStatus: 'paid', creditNotes: [] });
    const [update] = (await mailsOf(order, 'return-update')).filter((mail) => (mail.data as { message: string }).message.includes('We received'));
    expect((update!.data as { message: string }).message).toContain('transfer your refund');

    // The admin's list shows the same card, with the UPI ID once the customer gives it.
    expect((await giveUpi(customer, order, 'ravi-k@paytm')).status).toBe(200);
    const listed = (await adminCall('GET', '/api/admin/returns?status=received')).body.returns as OrderReturn[];
    expect(listed.find((candidate) => candidate.id === requested.id)).toMatchObject({ refundUpiId: 'ravi-k@paytm', offlineRefund: { status: 'awaiting' } });

    // A UTR already recorded for another refund is a mistake.
    const usedBefore = await record(entry.offlineRefund!.id, { method: 'upi', reference: '412345678901', paidOn: shopToday() });
    expect(usedBefore.status).toBe(409);
    expect(usedBefore.body.errors?.[0]?.field).toBe('reference');

    const paid = await record(entry.offlineRefund!.id, { method: 'bank_transfer', reference: 'sbin026112345678', paidOn: shopToday() });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const after = paid.body.order as Order;
    expect(after).toMatchObject({ paymentStatus: 'paid', creditNotes: [expect.objectContaining({ amount: requested.refundAmount })] });
    const [row] = await shop.database.db.select({ refundedPaise: orders.refundedPaise }).from(orders).where(eq(orders.id, order.id));
    expect(row!.refundedPaise).toBe(Math.round(requested.refundAmount * 100));
    const [returned] = (await call(shop, 'GET', `/api/orders/${order.orderNumber}/returns`, { token: customer.token })).body.returns as OrderReturn[];
    expect(returned).toMatchObject({ statusName: 'Refunded', refundedAt: expect.any(String), offlineRefund: { status: 'paid', reference: 'SBIN026112345678', method: 'bank_transfer' } });
  });
});

function shopToday(): string {
  return new Date(now.getTime() + 5.5 * HOUR).toISOString().slice(0, 10);
}
