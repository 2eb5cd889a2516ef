import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, emailMessages } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { createPaymentOrder, placeOrder, SHIPPING } from '../../../tests/support/checkout.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

// Monday 23 November 2026, 10:00 in India.
const NOW = new Date('2026-11-23T10:00:00+05:30');
let shop: TestShop;
let customer: { token: string };
let admin: string;
let productId: number;

const address = (zipCode: string, city: string, state: string) => ({ shippingAddress: { ...SHIPPING.shippingAddress, zipCode, city, state } });
const line = () => [{ productId, size: '50ml', quantity: 1 }];

beforeAll(async () => {
  shop = await startTestShop({ clock: () => NOW });
  customer = await registerCustomer(shop);
  admin = await signInAdmin(shop);
  const { products } = (await call(shop, 'GET', '/api/products?limit=50')).body as { products: { id: number; inStock: boolean; sizes: { size: string }[] }[] };
  productId = products.find((product) => product.inStock && product.sizes.some((size) => size.size === '50ml'))!.id;
});
afterAll(async () => {
  await shop?.close();
});

describe('the promised day on orders and e-mails', () => {
  it('an order to Mumbai is promised the metro zone day the PIN box showed, on the order and in its confirmation e-mail', async () => {
    const promised = await call(shop, 'GET', '/api/shipping/serviceability?pincode=400001');
    expect(promised.body.estimatedDelivery).toBe('2026-11-26');

    const order = await placeOrder(shop, customer.token, line(), address('400001', 'Mumbai', 'Maharashtra'));
    expect(order.estimatedDelivery).toBe(new Date('2026-11-26T12:00:00+05:30').toISOString());
    const detail = await call(shop, 'GET', `/api/orders/${order.orderNumber}`, { token: customer.token });
    expect((detail.body.order as { estimatedDelivery: string }).estimatedDelivery).toBe(order.estimatedDelivery);

    const [mail] = await shop.database.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.template, 'order-confirmation'), eq(emailMessages.dedupeKey, `order-confirmation:${order.id}`)));
    expect((mail!.data as { estimatedDelivery: string }).estimatedDelivery).toBe(order.estimatedDelivery);
  });

  it('an order to Guwahati waits the North-east zone days, Sunday skipped', async () => {
    const order = await placeOrder(shop, customer.token, line(), address('781001', 'Guwahati', 'Assam'));
    expect(order.estimatedDelivery).toBe(new Date('2026-12-01T12:00:00+05:30').toISOString());
  });

  it('tracking saved without a date keeps the promised day', async () => {
    const order = await placeOrder(shop, customer.token, line(), address('560038', 'Bengaluru', 'Karnataka'));
    expect(order.estimatedDelivery).toBe(new Date('2026-11-25T12:00:00+05:30').toISOString());
    const tracked = await call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/tracking`, { token: admin, body: { trackingNumber: 'BD123456', carrier: 'Blue Dart' } });
    expect(tracked.status, JSON.stringify(tracked.body)).toBe(200);
    const detail = await call(shop, 'GET', `/api/orders/${order.orderNumber}`, { token: customer.token });
    expect((detail.body.order as { estimatedDelivery: string }).estimatedDelivery).toBe(order.estimatedDelivery);
  });

  it('refuses to take payment for a PIN the shop does not deliver to, naming shippingAddress.zipCode, and opens no payment', async () => {
    const before = (await shop.database.db.select({ n: count() }).from(checkouts))[0]!.n;
    const refused = await createPaymentOrder(shop, customer.token, line(), address('744101', 'Port Blair', 'Andaman and Nicobar Islands'));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'shippingAddress.zipCode', message: "We don't deliver to 744101 yet" }]);
    expect((await shop.database.db.select({ n: count() }).from(checkouts))[0]!.n).toBe(before);
  });

  it('a PIN of another state is refused by the address check before any zone is asked, and the PIN box still answers for the PIN itself', async () => {
    const refused = await createPaymentOrder(shop, customer.token, line(), address('560038', 'Pune', 'Maharashtra'));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'shippingAddress.zipCode', message: 'PIN code 560038 is in Karnataka, not Maharashtra' }]);
    expect((await call(shop, 'GET', '/api/shipping/serviceability?pincode=560038')).body).toMatchObject({ state: 'Karnataka', zone: 'local' });
  });
});
