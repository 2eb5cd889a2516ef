import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import type { OrderReturn } from '../../../contracts/returns.ts';
import { auditLog, notifications, orders, products } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { placeOrder } from '../../../tests/support/checkout.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { signedWebhook, WEBHOOK_SECRET } from '../../../tests/support/webhooks.ts';

let shop: TestShop;
let customer: Awaited<ReturnType<typeof registerCustomer>>;
let adminToken: string;
let poppy: number;

const act = (id: number, body: unknown) => call(shop, 'PUT', `/api/admin/returns/${id}`, { token: adminToken, body });
const money = async (order: Order) => {
  const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
  return { paymentStatus: row!.paymentStatus, refundedPaise: row!.refundedPaise, totalPaise: row!.totalPaise };
};
const refundFailedAlerts = async (orderNumber: string) =>
  (await shop.database.db.select().from(notifications).where(eq(notifications.title, 'Refund Failed'))).filter((alert) => alert.message.includes(orderNumber));
const inventory = async () => (await shop.database.db.select().from(products).where(eq(products.id, poppy)))[0]!.inventory;

/** A delivered order of two potions with a return of one, approved and waiting to be received. */
async function approvedReturn(): Promise<{ order: Order; entry: OrderReturn }> {
  const order = await placeOrder(shop, customer.token, [{ productId: poppy, size: '30ml', quantity: 2 }]);
  expect((await call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: adminToken, body: { status: 'delivered' } })).status).toBe(200);
  const asked = await call(shop, 'POST', `/api/orders/${order.orderNumber}/returns`, { token: customer.token, body: { lines: [{ orderItemId: order.items[0]!.id, quantity: 1 }], reason: 'damaged-or-leaking' } });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  const entry = asked.body.return as OrderReturn;
  expect((await act(entry.id, { action: 'approve' })).status).toBe(200);
  return { order, entry };
}

beforeAll(async () => {
  shop = await startTestShop({ env: { RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  customer = await registerCustomer(shop);
  adminToken = await signInAdmin(shop);
  const [row] = await shop.database.db.select().from(products).where(eq(products.slug, 'dark-poppy'));
  poppy = row!.id;
  await shop.database.db.update(products).set({ inventory: 40 }).where(eq(products.id, poppy));
});
afterAll(async () => {
  await shop?.close();
});

describe('a return whose refund fails', () => {
  it('Razorpay’s refund.failed puts the amount back on the order, leaves the return needing attention, tells the admins; a retry refunds it once', async () => {
    const { order, entry } = await approvedReturn();
    const received = await act(entry.id, { action: 'receive', restock: true });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    const refunded = received.body.return as OrderReturn;
    const amountPaise = Math.round(refunded.refundAmount * 100);
    expect(await money(order)).toMatchObject({ paymentStatus: 'paid', refundedPaise: amountPaise });

    const failed = {
      entity: 'event',
      event: 'refund.failed',
      payload: {
        refund: { entity: { id: refunded.refundId, payment_id: order.paymentId, amount: amountPaise, status: 'failed' } },
        payment: { entity: { id: order.paymentId, error_description: 'The card was closed' } },
      },
    };
    expect((await signedWebhook(shop, failed, { eventId: `evt_return_refund_failed_${entry.id}` })).json()).toMatchObject({ success: true, outcome: 'processed' });
    expect(await money(order)).toMatchObject({ paymentStatus: 'paid', refundedPaise: 0 });
    const queue = await call(shop, 'GET', '/api/admin/returns?status=refund_failed', { token: adminToken });
    expect(queue.body.returns).toEqual([expect.objectContaining({ id: entry.id, status: 'refund_failed', statusName: 'Refund failed — needs attention', refundedAt: null })]);
    expect(queue.body.counts).toMatchObject({ refund_failed: 1 });
    // The customer's order page says the refund is delayed and in hand, not the back office's 'needs attention'.
    const own = await call(shop, 'GET', `/api/orders/${order.orderNumber}/returns`, { token: customer.token });
    expect(own.body.returns).toEqual([expect.objectContaining({ id: entry.id, status: 'refund_failed', statusName: "Refund delayed — we're on it" })]);
    const [alert] = await refundFailedAlerts(order.orderNumber);
    expect(alert?.message).toBe(
      `Razorpay could not complete refund ${refunded.refundId} of ₹${refunded.refundAmount.toLocaleString('en-IN', { minimumFractionDigits: 2 })} for order ${order.orderNumber} (The card was closed). Retry it from Returns (return ${entry.id}).`,
    );
    const history = ((await call(shop, 'GET', `/api/admin/orders/${order.orderNumber}`, { token: adminToken })).body.order as Order).statusHistory;
    expect(history.at(-1)?.note).toBe(`Refund ${refunded.refundId} failed: The card was closed`);

    // Delivered again under another event id: the failure is already booked, so nothing moves twice.
    expect((await signedWebhook(shop, failed, { eventId: `evt_return_refund_failed_again_${entry.id}` })).json()).toMatchObject({ outcome: 'ignored' });
    expect(await money(order)).toMatchObject({ refundedPaise: 0 });

    const refundSpy = vi.spyOn(shop.app.services.payments, 'refund');
    const retried = await act(entry.id, { action: 'retry-refund' });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.return).toMatchObject({ status: 'received', statusName: 'Refunded', refundId: expect.stringMatching(/^rfnd_/), refundedAt: expect.any(String) });
    expect((retried.body.return as OrderReturn).refundId).not.toBe(refunded.refundId);
    expect(refundSpy).toHaveBeenCalledWith(expect.objectContaining({ amountPaise, idempotencyKey: `return-${entry.id}-after-${refunded.refundId}` }));
    refundSpy.mockRestore();
    expect(await money(order)).toMatchObject({ paymentStatus: 'paid', refundedPaise: amountPaise });
    // One return, one reduction of the invoice: the credit note issued with the first refund stands for the
    // retried one (the goods came back once); a second note would reverse the same tax twice.
    const notes = ((await call(shop, 'GET', `/api/admin/orders/${order.orderNumber}`, { token: adminToken })).body.order as Order).creditNotes;
    expect(notes).toHaveLength(1);
    expect(notes[0]!.amount).toBe(refunded.refundAmount);

    // A second press finds it refunded and refunds nothing more.
    const again = await act(entry.id, { action: 'retry-refund' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Cannot retry the refund of a return that is refunded: only a return whose refund failed can be');
    expect(await money(order)).toMatchObject({ refundedPaise: amountPaise });
    const audits = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'return'), eq(auditLog.targetId, String(entry.id))));
    expect(audits.map((audit) => audit.action).sort()).toEqual(['return.approve', 'return.receive', 'return.retry-refund']);
  });

  it('a refund the provider declines at once: the parcel is still received and restocked, nothing is refunded, the return waits for a retry', async () => {
    const { order, entry } = await approvedReturn();
    const before = await inventory();
    const refundSpy = vi.spyOn(shop.app.services.payments, 'refund').mockResolvedValueOnce({ id: 'rfnd_Declined00000001', amount: 1, status: 'failed' });
    const received = await act(entry.id, { action: 'receive', restock: true });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body.return).toMatchObject({ status: 'refund_failed', restocked: true, refundId: 'rfnd_Declined00000001', refundedAt: null });
    expect(received.body.message).toBe(`Return ${entry.id} for order ${order.orderNumber}: Refund failed — needs attention`);
    expect(await inventory()).toBe(before + 1);
    expect(await money(order)).toMatchObject({ paymentStatus: 'paid', refundedPaise: 0 });
    expect(await refundFailedAlerts(order.orderNumber)).toHaveLength(1);

    const retried = await act(entry.id, { action: 'retry-refund' });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(refundSpy).toHaveBeenLastCalledWith(expect.objectContaining({ idempotencyKey: `return-${entry.id}-after-rfnd_Declined00000001` }));
    refundSpy.mockRestore();
    const refunded = retried.body.return as OrderReturn;
    expect(refunded).toMatchObject({ status: 'received', restocked: true });
    expect(await money(order)).toMatchObject({ refundedPaise: Math.round(refunded.refundAmount * 100) });
    // Receiving restocked once; the retry put nothing more on the shelf.
    expect(await inventory()).toBe(before + 1);
  });
});
