import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import { auditLog, notifications, products } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { placeOrder } from '../../../tests/support/checkout.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { signedWebhook, WEBHOOK_SECRET } from '../../../tests/support/webhooks.ts';

let shop: TestShop;
let customer: Awaited<ReturnType<typeof registerCustomer>>;
let adminToken: string;
let productId: number;

beforeAll(async () => {
  shop = await startTestShop({ env: { RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  customer = await registerCustomer(shop);
  adminToken = await signInAdmin(shop);
  const [nazar] = await shop.database.db.select().from(products).where(eq(products.slug, 'nazar'));
  productId = nazar!.id;
  await shop.database.db.update(products).set({ inventory: 50 }).where(eq(products.id, productId));
});
afterAll(async () => {
  await shop?.close();
});

const refund = (order: Order, token = adminToken) => call(shop, 'POST', `/api/admin/orders/${order.orderNumber}/refund`, { token });
const setStatus = (order: Order, status: string) => call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: adminToken, body: { status } });

async function cancelledPaidOrder(): Promise<Order> {
  const order = await placeOrder(shop, customer.token, [{ productId, size: '30ml', quantity: 1 }]);
  const cancelled = await setStatus(order, 'cancelled');
  expect((cancelled.body.order as Order).paymentStatus).toBe('refund_pending');
  return order;
}

describe('POST /api/admin/orders/:orderId/refund', () => {
  it('refunds a cancelled paid order in full, with a history note, an audit record and a note to the customer', async () => {
    const order = await cancelledPaidOrder();
    const response = await refund(order);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const refunded = response.body.order as Order;
    expect(refunded).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundId: expect.stringMatching(/^rfnd_/), refundedAt: expect.any(String) });
    expect(response.body.message).toBe(`Refunded ₹${order.total.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} for order ${order.orderNumber}`);
    expect(refunded.statusHistory.at(-1)).toMatchObject({ status: 'cancelled', updatedBy: expect.any(String), note: expect.stringContaining(refunded.refundId!) });

    const [audit] = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.targetId, order.id), eq(auditLog.action, 'order.refund')));
    expect(audit?.details).toMatchObject({ before: { paymentStatus: 'refund_pending' }, after: { paymentStatus: 'refunded', refundId: refunded.refundId } });
    const [note] = await shop.database.db.select().from(notifications).where(and(eq(notifications.userId, customer.user.id), eq(notifications.title, 'Refund Issued')));
    expect(note?.message).toContain(order.orderNumber);

    // The customer sees it on their own order.
    const mine = await call(shop, 'GET', `/api/orders/${order.orderNumber}`, { token: customer.token });
    expect(mine.body.order).toMatchObject({ paymentStatus: 'refunded', refundId: refunded.refundId });
  });

  it('refunds once: a second request and a reopening are refused and change nothing', async () => {
    const order = await cancelledPaidOrder();
    expect((await refund(order)).status).toBe(200);
    const again = await refund(order);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already refunded/);
    const reopened = await setStatus(order, 'processing');
    expect(reopened.status).toBe(409);
    expect(reopened.body.message).toMatch(/was refunded, so it cannot be reopened/);
    const after = (await call(shop, 'GET', `/api/admin/orders/${order.orderNumber}`, { token: adminToken })).body.order as Order;
    expect(after).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
  });

  it('makes one refund when two admins press Refund at the same moment', async () => {
    const order = await cancelledPaidOrder();
    const answers = await Promise.all([refund(order), refund(order)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const audits = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.targetId, order.id), eq(auditLog.action, 'order.refund')));
    expect(audits).toHaveLength(1);
  });

  it('refuses an order that is not waiting for a refund, unknown orders and non-admins', async () => {
    const live = await placeOrder(shop, customer.token, [{ productId, size: '30ml', quantity: 1 }]);
    const notDue = await refund(live);
    expect(notDue.status).toBe(409);
    expect(notDue.body.message).toMatch(/not waiting for a refund/);
    expect(((await call(shop, 'GET', `/api/admin/orders/${live.orderNumber}`, { token: adminToken })).body.order as Order).paymentStatus).toBe('paid');
    expect((await call(shop, 'POST', '/api/admin/orders/DP-00000000-0000/refund', { token: adminToken })).status).toBe(404);
    const cancelled = await cancelledPaidOrder();
    expect((await refund(cancelled, customer.token)).status).toBe(403);
    expect((await refund(cancelled, '')).status).toBe(401);
  });

  it('puts a refund Razorpay reports as failed back in the queue, tells the admins, and refunds anew on the next press', async () => {
    const order = await cancelledPaidOrder();
    const first = (await refund(order)).body.order as Order;
    const failed = {
      entity: 'event',
      event: 'refund.failed',
      payload: {
        refund: { entity: { id: first.refundId, payment_id: first.paymentId, amount: Math.round(first.total * 100), status: 'failed' } },
        payment: { entity: { id: first.paymentId, error_description: 'The bank account is closed' } },
      },
    };
    const delivered = await signedWebhook(shop, failed, { eventId: `evt_refund_failed_${order.id}` });
    expect(delivered.json()).toMatchObject({ success: true, outcome: 'processed' });
    const waiting = (await call(shop, 'GET', `/api/admin/orders/${order.orderNumber}`, { token: adminToken })).body.order as Order;
    expect(waiting).toMatchObject({ paymentStatus: 'refund_pending', refundId: first.refundId, refundedAt: null });
    expect(waiting.statusHistory.at(-1)?.note).toBe(`Refund ${first.refundId} failed: The bank account is closed`);
    const alerts = await shop.database.db.select().from(notifications).where(eq(notifications.title, 'Refund Failed'));
    expect(alerts.some((alert) => alert.message.includes(order.orderNumber))).toBe(true);

    // The same delivery again changes nothing; a refund the shop never made is ignored.
    expect((await signedWebhook(shop, failed, { eventId: `evt_refund_failed_${order.id}` })).json()).toMatchObject({ outcome: 'duplicate' });
    const stranger = { ...failed, payload: { refund: { entity: { id: 'rfnd_NotOurs0000001' } } } };
    expect((await signedWebhook(shop, stranger, { eventId: 'evt_refund_stranger' })).json()).toMatchObject({ outcome: 'ignored' });

    const second = await refund(order);
    expect(second.status).toBe(200);
    expect((second.body.order as Order).refundId).not.toBe(first.refundId);
    expect((second.body.order as Order).paymentStatus).toBe('refunded');
  });
});
