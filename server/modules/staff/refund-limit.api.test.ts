import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import type { OrderReturn } from '../../../contracts/returns.ts';
import { auditLog, offlineRefunds, orderReturns, users } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { placeOrder, SHIPPING } from '../../../tests/support/checkout.ts';
import { staffMember } from '../../../tests/support/staff.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

// Monday 23 November 2026, 10:00 in India: the transfers below are paid that day.
const now = new Date('2026-11-23T10:00:00+05:30');
let shop: TestShop;
let owner: string;
let customer: string;
let potion: number;

beforeAll(async () => {
  shop = await startTestShop({ clock: () => now });
  owner = await signInAdmin(shop);
  customer = (await registerCustomer(shop)).token;
  const listed = await call(shop, 'GET', '/api/products?limit=50');
  potion = (listed.body.products as { id: number; inventory: number; sizes: { size: string; inStock?: boolean }[] }[]).find(
    (product) => product.inventory > 5 && product.sizes.some((size) => size.size === '50ml' && size.inStock !== false),
  )!.id;
});
afterAll(async () => {
  await shop?.close();
});

/** A paid order, cancelled, waiting for its refund. */
async function cancelledOrder(): Promise<{ orderNumber: string; total: number }> {
  const order = await placeOrder(shop, customer, [{ productId: potion, size: '50ml', quantity: 1 }]);
  expect((await call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: owner, body: { status: 'cancelled' } })).status).toBe(200);
  return order;
}

describe('the support refund limit', () => {
  it('lets support refund up to the limit, and asks for a manager above it: 403 naming refunds.unlimited, nothing refunded', async () => {
    const support = await staffMember(shop, 'support');
    const manager = await staffMember(shop, 'manager');
    const order = await cancelledOrder();
    expect(order.total).toBeGreaterThan(500);

    expect((await call(shop, 'PUT', '/api/admin/staff/settings', { token: owner, body: { supportRefundLimit: 500 } })).status).toBe(200);
    const refused = await call(shop, 'POST', `/api/admin/orders/${order.orderNumber}/refund`, { token: support.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/above the support limit of ₹500\.00: it needs the permission refunds\.unlimited/);
    expect(refused.body.errors).toEqual([{ field: 'permission', message: 'refunds.unlimited' }]);
    const unchanged = await call(shop, 'GET', `/api/admin/orders/${order.orderNumber}`, { token: owner });
    expect((unchanged.body.order as { paymentStatus: string }).paymentStatus).not.toBe('refunded');

    expect((await call(shop, 'POST', `/api/admin/orders/${order.orderNumber}/refund`, { token: manager.token })).status).toBe(200);

    const small = await cancelledOrder();
    expect((await call(shop, 'PUT', '/api/admin/staff/settings', { token: owner, body: { supportRefundLimit: small.total } })).status).toBe(200);
    expect((await call(shop, 'POST', `/api/admin/orders/${small.orderNumber}/refund`, { token: support.token })).status).toBe(200);
  });

  it('holds for a return’s refund, sent when the parcel is received: above the limit the packer is refused, nothing received or refunded', async () => {
    const packer = await staffMember(shop, 'fulfilment');
    const manager = await staffMember(shop, 'manager');
    const order = await placeOrder(shop, customer, [{ productId: potion, size: '50ml', quantity: 2 }]);
    expect((await call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: owner, body: { status: 'delivered' } })).status).toBe(200);
    const asked = await call(shop, 'POST', `/api/orders/${order.orderNumber}/returns`, {
      token: customer,
      body: { lines: [{ orderItemId: order.items[0]!.id, quantity: 2 }], reason: 'changed-my-mind' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const requested = asked.body.return as OrderReturn;
    expect((await call(shop, 'PUT', `/api/admin/returns/${requested.id}`, { token: owner, body: { action: 'approve' } })).status).toBe(200);

    expect((await call(shop, 'PUT', '/api/admin/staff/settings', { token: owner, body: { supportRefundLimit: requested.refundAmount - 1 } })).status).toBe(200);
    const refused = await call(shop, 'PUT', `/api/admin/returns/${requested.id}`, { token: packer.token, body: { action: 'receive' } });
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual([{ field: 'permission', message: 'refunds.unlimited' }]);
    const [row] = await shop.database.db.select().from(orderReturns).where(eq(orderReturns.id, requested.id));
    expect(row).toMatchObject({ status: 'approved', providerRefundId: null, refundedAt: null });
    expect(await shop.database.db.select().from(auditLog).where(eq(auditLog.action, 'return.receive'))).toEqual([]);

    // At the limit the packer receives it; this one a manager does.
    const received = await call(shop, 'PUT', `/api/admin/returns/${requested.id}`, { token: manager.token, body: { action: 'receive' } });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body.return).toMatchObject({ status: 'received', refundId: expect.stringMatching(/^rfnd_/) });
  });

  it('holds for a transfer recorded as paid (cash on delivery refunded): above the limit support is refused, the refund still owed', async () => {
    const support = await staffMember(shop, 'support');
    const buyer = await registerCustomer(shop);
    await shop.database.db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, buyer.user.id));
    const placed = await call(shop, 'POST', '/api/payments/cod/place-order', { token: buyer.token, body: { items: [{ productId: potion, size: '50ml', quantity: 1 }], ...SHIPPING } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.order as Order;
    expect((await call(shop, 'POST', `/api/orders/${order.id}/confirm-cod`, { token: buyer.token, body: {} })).status).toBe(200);
    expect((await call(shop, 'POST', `/api/admin/orders/${order.orderNumber}/cod-collected`, { token: owner, body: {} })).status).toBe(200);
    expect((await call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: owner, body: { status: 'cancelled' } })).status).toBe(200);
    const [owed] = await shop.database.db.select().from(offlineRefunds).where(eq(offlineRefunds.orderId, order.id));
    expect(owed).toMatchObject({ status: 'awaiting', amountPaise: Math.round(order.total * 100) });

    const transfer = { method: 'upi', reference: '412345678901', paidOn: '2026-11-23' };
    expect((await call(shop, 'PUT', '/api/admin/staff/settings', { token: owner, body: { supportRefundLimit: order.total - 0.01 } })).status).toBe(200);
    const refused = await call(shop, 'POST', `/api/admin/offline-refunds/${owed!.id}/paid`, { token: support.token, body: transfer });
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual([{ field: 'permission', message: 'refunds.unlimited' }]);
    expect((await shop.database.db.select().from(offlineRefunds).where(eq(offlineRefunds.id, owed!.id)))[0]).toMatchObject({ status: 'awaiting', reference: null });

    expect((await call(shop, 'PUT', '/api/admin/staff/settings', { token: owner, body: { supportRefundLimit: order.total } })).status).toBe(200);
    const recorded = await call(shop, 'POST', `/api/admin/offline-refunds/${owed!.id}/paid`, { token: support.token, body: transfer });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    expect((await shop.database.db.select().from(offlineRefunds).where(eq(offlineRefunds.id, owed!.id)))[0]).toMatchObject({ status: 'paid', reference: '412345678901' });
  });

  it('is the owner’s to set: a manager lacks settings.write', async () => {
    const manager = await staffMember(shop, 'manager');
    const response = await call(shop, 'PUT', '/api/admin/staff/settings', { token: manager.token, body: { supportRefundLimit: 1_000_000 } });
    expect(response.status).toBe(403);
    expect(response.body.message).toContain('settings.write');
  });
});
