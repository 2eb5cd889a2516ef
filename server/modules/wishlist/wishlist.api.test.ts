import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct } from '../../../contracts/admin-products.ts';
import { emailMessages } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

let shop: TestShop;
let admin: string;

beforeAll(async () => {
  shop = await startTestShop();
  admin = await signInAdmin(shop);
});
afterAll(async () => {
  await shop?.close();
});

const potion = (overrides: Record<string, unknown> = {}) => ({
  name: 'Wish Candle',
  category: 'ritual',
  price: 1999,
  description: 'Beeswax and smoke for a wish made at midnight.',
  inventory: 10,
  isSignature: false,
  image: '/images/potions/valor.svg',
  sizes: [
    { size: '15ml', price: 999, inStock: true },
    { size: '50ml', price: 0, inStock: true },
  ],
  notes: { top: ['Orange Peel'], heart: ['Beeswax'], base: ['Benzoin'] },
  effect: '',
  ...overrides,
});

async function createPotion(name: string): Promise<AdminProduct> {
  const made = await call(shop, 'POST', '/api/products', { token: admin, body: potion({ name }) });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.product as AdminProduct;
}
const alertsTo = async (email: string) =>
  (await shop.database.db.select().from(emailMessages).where(and(eq(emailMessages.template, 'wishlist-alert'), eq(emailMessages.toAddress, email)))).map((message) => message.data as { news: string; pricePaise: number; previousPricePaise: number | null });

describe('the wishlist', () => {
  it('saves a potion once, lists it newest first with today\'s product, and removes it', async () => {
    const first = await createPotion('Wish One');
    const second = await createPotion('Wish Two');
    const { token } = await registerCustomer(shop);
    expect((await call(shop, 'PUT', `/api/wishlist/${first.id}`, { token })).status).toBe(200);
    expect((await call(shop, 'PUT', `/api/wishlist/${second.id}`, { token })).status).toBe(200);
    expect((await call(shop, 'PATCH', `/api/wishlist/${second.id}/alerts`, { token, body: { alerts: true } })).status).toBe(200);
    // Saving again changes nothing.
    const again = await call(shop, 'PUT', `/api/wishlist/${first.id}`, { token });
    expect(again.body.item).toMatchObject({ alerts: false, product: { id: first.id, name: 'Wish One' } });

    const listed = await call(shop, 'GET', '/api/wishlist', { token });
    expect((listed.body.items as { product: { name: string }; alerts: boolean }[]).map((item) => [item.product.name, item.alerts])).toEqual([
      ['Wish Two', true],
      ['Wish One', false],
    ]);
    // Another shopper sees only their own.
    const other = await registerCustomer(shop);
    expect((await call(shop, 'GET', '/api/wishlist', { token: other.token })).body.items).toEqual([]);

    expect((await call(shop, 'DELETE', `/api/wishlist/${first.id}`, { token })).status).toBe(200);
    expect(((await call(shop, 'GET', '/api/wishlist', { token })).body.items as unknown[]).length).toBe(1);
  });

  it('refuses an unknown potion and a shopper who is not signed in, writing nothing', async () => {
    const { token } = await registerCustomer(shop);
    const unknown = await call(shop, 'PUT', '/api/wishlist/999999', { token });
    expect(unknown.status).toBe(404);
    expect((await call(shop, 'PUT', '/api/wishlist/abc', { token })).body.errors).toEqual([expect.objectContaining({ field: 'productId' })]);
    expect((await call(shop, 'PUT', '/api/wishlist/1')).status).toBe(401);
    // Alerts only for a potion on the list.
    expect((await call(shop, 'PATCH', '/api/wishlist/1/alerts', { token, body: { alerts: true } })).status).toBe(404);
    expect((await call(shop, 'PATCH', '/api/wishlist/1/alerts', { token, body: { alerts: 'yes' } })).body.errors).toEqual([expect.objectContaining({ field: 'alerts' })]);
    expect((await call(shop, 'GET', '/api/wishlist', { token })).body.items).toEqual([]);
  });
});

describe('alerts', () => {
  it('e-mail a shopper with alerts on once when the price drops and once when it returns to stock; never one with alerts off', async () => {
    const product = await createPotion('Wish Three');
    const watching = await registerCustomer(shop);
    const quiet = await registerCustomer(shop);
    await call(shop, 'PUT', `/api/wishlist/${product.id}`, { token: watching.token });
    await call(shop, 'PATCH', `/api/wishlist/${product.id}/alerts`, { token: watching.token, body: { alerts: true } });
    await call(shop, 'PUT', `/api/wishlist/${product.id}`, { token: quiet.token });

    const cheaper = potion({ name: 'Wish Three', sizes: [{ size: '15ml', price: 799, inStock: true }, { size: '50ml', price: 0, inStock: true }] });
    expect((await call(shop, 'PUT', `/api/products/${product.id}`, { token: admin, body: cheaper })).status).toBe(200);
    expect(await alertsTo(watching.user.email)).toEqual([{ news: 'price-drop', productName: 'Wish Three', slug: product.slug, pricePaise: 79_900, previousPricePaise: 99_900 }]);
    // The same price saved again, or a rise, is no news.
    await call(shop, 'PUT', `/api/products/${product.id}`, { token: admin, body: { ...cheaper, description: 'Beeswax, smoke and a wish.' } });
    await call(shop, 'PUT', `/api/products/${product.id}`, { token: admin, body: potion({ name: 'Wish Three' }) });
    expect(await alertsTo(watching.user.email)).toHaveLength(1);

    await call(shop, 'PATCH', `/api/products/${product.id}/inventory`, { token: admin, body: { set: 0 } });
    expect(await alertsTo(watching.user.email)).toHaveLength(1);
    expect((await call(shop, 'PATCH', `/api/products/${product.id}/inventory`, { token: admin, body: { set: 6 } })).status).toBe(200);
    const told = await alertsTo(watching.user.email);
    expect(told.map((alert) => alert.news)).toEqual(['price-drop', 'back-in-stock']);
    expect(told[1]).toMatchObject({ pricePaise: 99_900, previousPricePaise: null });
    expect(await alertsTo(quiet.user.email)).toEqual([]);
  });
});
