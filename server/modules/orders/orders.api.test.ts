import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import { auditLog, notifications, products } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { placeOrder } from '../../../tests/support/checkout.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

const NOW = new Date('2026-11-20T12:00:00+05:30'); // a Friday
let shop: TestShop;
let owner: { token: string; user: { email: string } };
let adminToken: string;
let order: Order;

async function inventoryOf(slug: string) {
  const [row] = await shop.database.db.select().from(products).where(eq(products.slug, slug));
  return row!;
}

beforeAll(async () => {
  shop = await startTestShop({ clock: () => NOW });
  owner = await registerCustomer(shop);
  adminToken = await signInAdmin(shop);
  const nazar = await inventoryOf('nazar');
  await shop.database.db.update(products).set({ inventory: 10 }).where(eq(products.id, nazar.id));
  order = await placeOrder(shop, owner.token, [{ productId: nazar.id, size: '30ml', quantity: 2 }]);
});
afterAll(async () => {
  await shop?.close();
});

describe('customer order endpoints', () => {
  it('lists the caller’s own orders', async () => {
    const mine = await call(shop, 'GET', '/api/orders/mine', { token: owner.token });
    expect(mine.status).toBe(200);
    expect((mine.body.orders as Order[]).map((entry) => entry.orderNumber)).toEqual([order.orderNumber]);
    const stranger = await registerCustomer(shop);
    expect((await call(shop, 'GET', '/api/orders/mine', { token: stranger.token })).body.orders).toEqual([]);
    expect((await call(shop, 'GET', '/api/orders/mine')).status).toBe(401);
  });

  it('answers /orders/customer/:email only for the caller’s own address', async () => {
    const own = await call(shop, 'GET', `/api/orders/customer/${encodeURIComponent(owner.user.email.toUpperCase())}`, { token: owner.token });
    expect(own.status).toBe(200);
    expect(own.body.orders).toHaveLength(1);
    const stranger = await registerCustomer(shop);
    const other = await call(shop, 'GET', `/api/orders/customer/${encodeURIComponent(owner.user.email)}`, { token: stranger.token });
    expect(other.status).toBe(403);
  });

  it('shows an order by number or id to its owner and admins, and to nobody else', async () => {
    for (const key of [order.orderNumber, order.id, order.orderNumber.toLowerCase()]) {
      const response = await call(shop, 'GET', `/api/orders/${key}`, { token: owner.token });
      expect(response.status).toBe(200);
      expect((response.body.order as Order).id).toBe(order.id);
    }
    expect((await call(shop, 'GET', `/api/orders/${order.orderNumber}`, { token: adminToken })).status).toBe(200);
    const stranger = await registerCustomer(shop);
    const hidden = await call(shop, 'GET', `/api/orders/${order.orderNumber}`, { token: stranger.token });
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe('Order not found');
  });

  it('carries the fields the order screens read', () => {
    expect(order).toMatchObject({
      customerName: 'Mira Night',
      shippingAddress: { city: 'Pune', country: 'India' },
      shipping: 0,
      paymentMethod: 'sandbox',
      tracking: null,
      items: [expect.objectContaining({ name: 'Nazar', size: '30ml', quantity: 2 })],
    });
    // Pune (411001) is a metro zone, 3 delivery days after Friday 20 November: Saturday, Monday, Tuesday 24 November.
    expect(order.estimatedDelivery.slice(0, 10)).toBe('2026-11-24');
  });
});

describe('admin order management', () => {
  it('lists orders with counts per status, search and paging', async () => {
    const list = await call(shop, 'GET', `/api/admin/orders?search=${order.orderNumber.slice(-4)}&limit=5`, { token: adminToken });
    expect(list.status).toBe(200);
    expect((list.body.orders as Order[]).some((entry) => entry.id === order.id)).toBe(true);
    expect(list.body.counts).toMatchObject({ all: 1, pending: 1 });
    expect(list.body.pagination).toMatchObject({ page: 1, limit: 5, total: 1, pages: 1 });
    const byItem = await call(shop, 'GET', '/api/admin/orders?search=naz', { token: adminToken });
    expect(byItem.body.orders).toHaveLength(1);
    const none = await call(shop, 'GET', '/api/admin/orders?status=delivered', { token: adminToken });
    expect(none.body.orders).toEqual([]);
    const bad = await call(shop, 'GET', '/api/admin/orders?status=lost', { token: adminToken });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('status');
    expect((await call(shop, 'GET', '/api/admin/orders', { token: owner.token })).status).toBe(403);
  });

  it('changes the status with a history entry in the admin’s name, an audit record and a note to the customer', async () => {
    const response = await call(shop, 'PUT', `/api/admin/orders/${order.id}/status`, { token: adminToken, body: { status: 'shipped' } });
    expect(response.status).toBe(200);
    const updated = response.body.order as Order;
    expect(updated.status).toBe('shipped');
    expect(updated.statusHistory.at(-1)).toMatchObject({ status: 'shipped', updatedBy: 'Coven Keeper' });
    const [audit] = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.targetId, order.id), eq(auditLog.action, 'order.status')));
    expect(audit!.details).toMatchObject({ before: { status: 'pending' }, after: { status: 'shipped' } });
    const [note] = await shop.database.db.select().from(notifications).where(eq(notifications.title, 'Order Status Updated'));
    expect(note!.message).toBe(`Order ${order.orderNumber} status changed to Shipped — On Mystical Journey`);
  });

  it('puts the stock back and opens a refund case when a paid order is cancelled, and takes it again on reopening', async () => {
    const before = (await inventoryOf('nazar')).inventory;
    const cancelled = await call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: adminToken, body: { status: 'cancelled', note: 'Customer asked' } });
    expect(cancelled.body.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_pending' });
    expect((await inventoryOf('nazar')).inventory).toBe(before + 2);
    const reopened = await call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: adminToken, body: { status: 'processing' } });
    expect(reopened.body.order).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
    expect((await inventoryOf('nazar')).inventory).toBe(before);
  });

  it('refuses to reopen a cancelled order whose units are gone', async () => {
    await call(shop, 'PUT', `/api/admin/orders/${order.id}/status`, { token: adminToken, body: { status: 'cancelled' } });
    const nazar = await inventoryOf('nazar');
    await shop.database.db.update(products).set({ inventory: 1 }).where(eq(products.id, nazar.id));
    const response = await call(shop, 'PUT', `/api/admin/orders/${order.id}/status`, { token: adminToken, body: { status: 'pending' } });
    expect(response.status).toBe(409);
    expect((await inventoryOf('nazar')).inventory).toBe(1);
    const unchanged = await call(shop, 'GET', `/api/admin/orders/${order.id}`, { token: adminToken });
    expect(unchanged.body.order).toMatchObject({ status: 'cancelled' });
  });

  it('records tracking with a carrier from the list, keeping the day promised at checkout when no date is given', async () => {
    const missing = await call(shop, 'PUT', `/api/admin/orders/${order.id}/tracking`, { token: adminToken, body: { trackingNumber: '  ', carrier: 'DHL' } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.[0]).toMatchObject({ field: 'trackingNumber', message: 'Tracking number is required' });
    const badCarrier = await call(shop, 'PUT', `/api/admin/orders/${order.id}/tracking`, { token: adminToken, body: { trackingNumber: 'BD123', carrier: 'Owl Post' } });
    expect(badCarrier.status).toBe(400);
    expect(badCarrier.body.errors?.[0]?.field).toBe('carrier');

    const saved = await call(shop, 'PUT', `/api/admin/orders/${order.id}/tracking`, { token: adminToken, body: { trackingNumber: 'BD123456789IN', carrier: 'Blue Dart', notes: 'Fragile glass' } });
    expect(saved.status).toBe(200);
    expect((saved.body.order as Order).tracking).toMatchObject({ trackingNumber: 'BD123456789IN', carrier: 'Blue Dart', notes: 'Fragile glass' });
    expect((saved.body.order as Order).tracking!.estimatedDelivery!.slice(0, 10)).toBe('2026-11-24');
    const chosen = await call(shop, 'PUT', `/api/admin/orders/${order.id}/tracking`, { token: adminToken, body: { trackingNumber: 'BD123456789IN', carrier: 'Blue Dart', estimatedDelivery: '2026-11-25' } });
    expect((chosen.body.order as Order).estimatedDelivery.slice(0, 10)).toBe('2026-11-25');
    const notes = await shop.database.db.select().from(notifications).where(eq(notifications.title, 'Tracking Updated'));
    expect(notes.at(-1)!.message).toBe(`Tracking number BD123456789IN added to order ${order.orderNumber}`);
  });

  it('counts only paid, live orders as money spent in the users list', async () => {
    const users = await call(shop, 'GET', '/api/admin/users', { token: adminToken });
    const row = (users.body.users as { email: string; totalOrders: number; totalSpent: number }[]).find((user) => user.email === owner.user.email);
    // The order is cancelled at this point in the file.
    expect(row).toMatchObject({ totalOrders: 0, totalSpent: 0 });
    const detail = await call(shop, 'GET', `/api/admin/users/${(row as unknown as { id: string }).id}`, { token: adminToken });
    expect((detail.body.user as { recentActivity: { action: string }[] }).recentActivity.map((entry) => entry.action)).toContain(`Order ${order.orderNumber} (cancelled)`);
  });
});
