import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import { emailMessages, products, users } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { SHIPPING } from '../../../tests/support/checkout.ts';
import { productStock } from '../../../tests/support/product-stock.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

/** Cash on delivery on a PostgreSQL server, where orders really are placed side by side. */
let shop: TestShop;
let admin: string;
let now = new Date('2026-11-23T10:00:00+05:30');
const DAY = 24 * 60 * 60 * 1000;

const potion = (slug: string) => productStock(shop.database.db, slug);
async function verifiedShopper() {
  const shopper = await registerCustomer(shop);
  await shop.database.db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, shopper.user.id));
  return shopper;
}
const placeCod = (token: string, productId: number, quantity = 1) =>
  call(shop, 'POST', '/api/payments/cod/place-order', { token, body: { items: [{ productId, size: '30ml', quantity }], ...SHIPPING } });

beforeAll(async () => {
  shop = await startTestShop({ clock: () => now });
  admin = await signInAdmin(shop);
});
afterAll(async () => {
  await shop?.close();
});

describe('cash on delivery on PostgreSQL', () => {
  it('20 shoppers at once for the last 5 units: 5 COD orders, 15 refused naming the line, stock 0', async () => {
    const id = (await potion('dark-poppy')).id;
    await shop.database.db.update(products).set({ inventory: 5 }).where(eq(products.id, id));
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => verifiedShopper()));
    const placed = await Promise.all(shoppers.map((shopper) => placeCod(shopper.token, id)));
    const created = placed.filter((response) => response.status === 201);
    const refused = placed.filter((response) => response.status === 409);
    expect(created).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const response of refused) expect(response.body.message).toMatch(/^(Only [1-4] of Dark Poppy left|Dark Poppy is sold out)$/);
    for (const response of created) expect(response.body.order).toMatchObject({ paymentMethod: 'cod', paymentStatus: 'cod_pending' });
    expect(await potion('dark-poppy')).toMatchObject({ inventory: 0, held: 0 });
  });

  it('an order not confirmed within 24 hours (fixed clock) is cancelled by the job: stock back, the customer e-mailed', async () => {
    const id = (await potion('hush')).id;
    await shop.database.db.update(products).set({ inventory: 4 }).where(eq(products.id, id));
    const shopper = await verifiedShopper();
    const response = await placeCod(shopper.token, id, 3);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const order = response.body.order as Order;
    expect((await potion('hush')).inventory).toBe(1);

    const start = now;
    try {
      now = new Date(start.getTime() + DAY + 60_000);
      // This order and the five of the first test, none of them confirmed.
      expect(await shop.app.services.cod.expireUnconfirmed()).toBe(6);
      expect(await shop.app.services.cod.expireUnconfirmed()).toBe(0);
    } finally {
      now = start;
    }
    const detail = (await call(shop, 'GET', `/api/orders/${order.orderNumber}`, { token: shopper.token })).body.order as Order;
    expect(detail).toMatchObject({ status: 'cancelled', paymentStatus: 'not_collected' });
    expect((await potion('hush')).inventory).toBe(4);
    const [mail] = await shop.database.db.select().from(emailMessages).where(eq(emailMessages.dedupeKey, `order-cancelled:${order.id}`));
    expect(mail).toMatchObject({ template: 'cod-not-confirmed', toAddress: shopper.user.email });
  });

  it('confirmed, then "Cash collected": paid, with an invoice number', async () => {
    const id = (await potion('owl-hour')).id;
    await shop.database.db.update(products).set({ inventory: 3 }).where(eq(products.id, id));
    const shopper = await verifiedShopper();
    const order = (await placeCod(shopper.token, id)).body.order as Order;
    expect((await call(shop, 'POST', `/api/orders/${order.id}/confirm-cod`, { token: shopper.token, body: {} })).status).toBe(200);
    const collected = await call(shop, 'POST', `/api/admin/orders/${order.orderNumber}/cod-collected`, { token: admin });
    expect(collected.status, JSON.stringify(collected.body)).toBe(200);
    expect(collected.body.order).toMatchObject({ status: 'delivered', paymentStatus: 'paid', invoiceNumber: expect.stringMatching(/\S/) });
  });
});
