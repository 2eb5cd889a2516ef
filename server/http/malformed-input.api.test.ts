import { describe, expect, it } from 'vitest';
import { reads, shopUnderFuzz, withoutInput, writes } from '../../tests/support/malformed-input.ts';

// The seeded fuzzing of every route lives in `tests/support/malformed-input.ts`, run in groups by the
// `malformed-input-*.api.test.ts` files; this file holds the reported reproductions and the check that the
// groups together leave no API route out.
const fuzz = shopUnderFuzz();

describe('the reported reproductions', () => {
  it.each([
    ['GET /api/products', '/api/products?search=%00', undefined, 'search'],
    ['POST /api/cart/quote', '/api/cart/quote', { items: [{ productId: 2_147_483_648, size: '50ml', quantity: 1 }] }, 'items.0.productId'],
    ['POST /api/contact', '/api/contact', { name: 'Mira', email: 'mira@deosil.test', subject: 'Hi', message: 'a\u0000b' }, 'message'],
    ['GET /api/orders/:orderId', '/api/orders/%00', undefined, 'orderId'],
    ['POST /api/auth/register', '/api/auth/register', { name: 'Mi\u0000ra', email: 'x@deosil.test', password: 'Moonlight7!', confirmPassword: 'Moonlight7!' }, 'name'],
    ['POST /api/payments/razorpay/verify-and-create-order', '/api/payments/razorpay/verify-and-create-order', { razorpay_order_id: 'order_\u0000', razorpay_payment_id: 'pay_1', razorpay_signature: 'x' }, 'razorpay_order_id'],
    ['POST /api/payments/sandbox/pay', '/api/payments/sandbox/pay', { razorpay_order_id: 'order_\uD800', outcome: 'success' }, 'razorpay_order_id'],
    ['POST /api/payments/razorpay/release-hold', '/api/payments/razorpay/release-hold', { razorpay_order_id: 'order_\u0000' }, 'razorpay_order_id'],
  ] as const)('%s refuses %s with 400 naming the field', async (route, url, body, field) => {
    const response = await fuzz.send(route, { url, ...(body ? { payload: JSON.stringify(body) } : {}) }, 1);
    expect(response.statusCode, response.body).toBe(400);
    expect((response.json() as { errors: { field: string }[] }).errors.map((error) => error.field)).toContain(field);
  });
});

describe('malformed input on every endpoint', () => {
  it('covers every API route: each one is fuzzed in a group or has no input to spoil', () => {
    const routes = new Set(fuzz.shop.app.routeList.filter((route) => route.url.startsWith('/api/') && route.url !== '/api/*' && route.method !== 'HEAD').map((route) => `${route.method} ${route.url}`));
    const covered = new Set([...Object.keys(writes), ...Object.keys(reads), ...withoutInput]);
    expect([...routes].filter((route) => !covered.has(route))).toEqual([]);
    expect([...covered].filter((route) => !routes.has(route))).toEqual([]);
  });
});
