import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { placeOrder } from '../../../tests/support/checkout.ts';
import { staffMember } from '../../../tests/support/staff.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

let shop: TestShop;
let owner: string;
let customer: string;
let potion: number;

beforeAll(async () => {
  shop = await startTestShop();
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

  it('is the owner’s to set: a manager lacks settings.write', async () => {
    const manager = await staffMember(shop, 'manager');
    const response = await call(shop, 'PUT', '/api/admin/staff/settings', { token: manager.token, body: { supportRefundLimit: 1_000_000 } });
    expect(response.status).toBe(403);
    expect(response.body.message).toContain('settings.write');
  });
});
