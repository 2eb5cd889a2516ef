import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct } from '../../../contracts/admin-products.ts';
import type { Product } from '../../../contracts/products.ts';
import { orderItems, products, setComponents } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { createPaymentOrder, placeOrder } from '../../../tests/support/checkout.ts';
import { pdfText } from '../../../tests/support/pdf-text.ts';
import { productStock } from '../../../tests/support/product-stock.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

/** Sets (bundles): bought as one product, stocked and sold as their components. */
let shop: TestShop;
let admin: string;
let customer: string;

beforeAll(async () => {
  shop = await startTestShop({ env: { CATALOGUE_CACHE_TTL_MS: '0', SELLER_GSTIN: '29AABCD1234E1Z4', SELLER_LEGAL_NAME: 'Deosil Perfumes Private Limited' } });
  admin = await signInAdmin(shop);
  customer = (await registerCustomer(shop)).token;
});
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;
const product = async (slug: string) => (await call(shop, 'GET', `/api/products/${slug}`)).body.product as Product;
const shelf = async (slug: string) => (await productStock(db(), slug)).inventory;
async function stock(slug: string, inventory: number): Promise<number> {
  const [row] = await db().update(products).set({ inventory }).where(eq(products.slug, slug)).returning({ id: products.id });
  return row!.id;
}
const DISCOVERY = ['raat-rani', 'scarlet-thread', 'owl-hour', 'nazar', 'first-rain', 'velvet-hex'];

describe('the demo catalogue’s sets', () => {
  it('lists a discovery set and a gift box under their own filter, with their contents and what they save', async () => {
    const sets = (await call(shop, 'GET', '/api/products?kind=set')).body.products as Product[];
    expect(sets.map((set) => set.slug).sort()).toEqual(['discovery-set', 'samhain-gift-box']);
    const discovery = sets.find((set) => set.slug === 'discovery-set')!;
    expect(discovery.isSet).toBe(true);
    expect(discovery.contents.map((part) => [part.slug, part.size, part.quantity])).toEqual(DISCOVERY.map((slug) => [slug, '15ml', 1]));
    expect(discovery.separatePrice).toBe(discovery.contents.reduce((sum, part) => sum + part.price * part.quantity, 0));
    expect(discovery.price).toBeLessThan(discovery.separatePrice!);
    const potions = (await call(shop, 'GET', '/api/products?kind=potion&limit=100')).body.products as Product[];
    expect(potions.every((entry) => !entry.isSet && entry.contents.length === 0)).toBe(true);
    expect(potions.length + sets.length).toBe(((await call(shop, 'GET', '/api/products?limit=100')).body.pagination as { total: number }).total);
  });

  it('leaves sets off the back office’s low-stock list, which lists the potions they are made of', async () => {
    await stock('raat-rani', 0);
    const dashboard = await call(shop, 'GET', '/api/admin/dashboard', { token: admin });
    const low = (dashboard.body.lowStock as { slug: string }[]).map((entry) => entry.slug);
    expect(low).toContain('raat-rani');
    expect(low).not.toContain('discovery-set');
    expect(low).not.toContain('samhain-gift-box');
    await stock('raat-rani', 20);
  });

  it('names the sets a potion is in on its page', async () => {
    expect((await product('dark-poppy')).alsoIn.map((set) => set.slug)).toEqual(['samhain-gift-box']);
    expect((await product('raat-rani')).alsoIn.map((set) => set.slug)).toEqual(['discovery-set']);
    expect((await product('valor')).alsoIn).toEqual([]);
  });

  it('shows as many sets as its scarcest component makes, and sold out when one runs out', async () => {
    for (const slug of DISCOVERY) await stock(slug, 20);
    await stock('scarlet-thread', 3);
    expect(await product('discovery-set')).toMatchObject({ inventory: 3, inStock: true });
    await stock('scarlet-thread', 0);
    expect(await product('discovery-set')).toMatchObject({ inventory: 0, inStock: false });
    const inStock = (await call(shop, 'GET', '/api/products?kind=set&inStock=false')).body.products as Product[];
    expect(inStock.map((set) => set.slug)).toContain('discovery-set');
    await stock('scarlet-thread', 20);
  });
});

describe('buying a set', () => {
  it('takes one unit of each component, sells as one invoice line with its HSN and contents, and puts them back when cancelled', async () => {
    for (const slug of DISCOVERY) await stock(slug, 10);
    const set = await product('discovery-set');
    const order = await placeOrder(shop, customer, [{ productId: set.id, size: 'Set', quantity: 2 }]);
    expect(order.total).toBe(set.price * 2);
    for (const slug of DISCOVERY) expect(await shelf(slug), slug).toBe(8);
    expect(await product('discovery-set')).toMatchObject({ inventory: 8 });

    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(item).toMatchObject({ productId: set.id, quantity: 2, hsnCode: '3303' });
    expect(item!.components!.map((part) => part.name)).toEqual(set.contents.map((part) => part.name));
    const pdf = await shop.app.inject({ method: 'GET', url: `/api/orders/${order.orderNumber}/invoice.pdf`, headers: { authorization: `Bearer ${customer}` } });
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Discovery Set');
    // The description wraps inside its column; its later words read whole.
    expect(text).toContain('Scarlet Thread 15ml, Owl Hour 15ml, Nazar 15ml, First Rain 15ml, Velvet Hex 15ml');
    expect(text).toContain('3303');

    const cancelled = await call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: admin, body: { status: 'cancelled', note: 'Changed her mind' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    for (const slug of DISCOVERY) expect(await shelf(slug), slug).toBe(10);
  });

  it('refuses a basket whose set and lone component want more of a shelf than is left, naming the later line', async () => {
    await stock('scarlet-thread', 1);
    const set = await product('discovery-set');
    const scarletThread = await product('scarlet-thread');
    const quote = await call(shop, 'POST', '/api/cart/quote', { body: { items: [{ productId: set.id, size: 'Set', quantity: 1 }, { productId: scarletThread.id, size: '15ml', quantity: 1 }] } });
    expect((quote.body.lines as { problem: string | null }[]).map((line) => line.problem)).toEqual([null, 'insufficient-stock']);
    const refused = await createPaymentOrder(shop, customer, [{ productId: set.id, size: 'Set', quantity: 1 }, { productId: scarletThread.id, size: '15ml', quantity: 1 }]);
    expect(refused.status).toBe(409);
    expect(refused.body.errors?.[0]?.field).toBe('items.1.quantity');
    expect(await shelf('scarlet-thread')).toBe(1);
    await stock('scarlet-thread', 10);
  });

  it('holds the components’ units while the shopper pays, as the back office’s held count shows', async () => {
    for (const slug of DISCOVERY) await stock(slug, 5);
    const set = await product('discovery-set');
    const created = await createPaymentOrder(shop, customer, [{ productId: set.id, size: 'Set', quantity: 2 }]);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    for (const slug of DISCOVERY) expect(await productStock(db(), slug), slug).toMatchObject({ inventory: 3, held: 2 });
  });
});

describe('building a set in the back office', () => {
  const productCount = async () => (await db().select({ n: count() }).from(products))[0]!.n;
  const ids = async (...slugs: string[]) => Promise.all(slugs.map(async (slug) => (await product(slug)).id));
  const setBody = (components: unknown[], overrides: Record<string, unknown> = {}) => ({
    name: 'Moonlit Duo',
    category: 'ritual',
    price: 1999,
    description: 'Two potions for a night under the moon.',
    sizes: [{ size: 'Set', price: 0, inStock: true, netQuantityMl: 30 }],
    components,
    ...overrides,
  });

  it('saves the contents and shows the saving against buying them one by one', async () => {
    const [valor, hush] = await ids('valor', 'hush');
    const created = await call(shop, 'POST', '/api/products', { token: admin, body: setBody([{ productId: valor, size: '15ml', quantity: 2 }, { productId: hush, size: '15ml', quantity: 1 }]) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const set = created.body.product as AdminProduct;
    const valorPrice = (await product('valor')).sizes.find((size) => size.size === '15ml')!.price;
    const hushPrice = (await product('hush')).sizes.find((size) => size.size === '15ml')!.price;
    expect(set.components.map((part) => [part.productId, part.quantity, part.price])).toEqual([
      [valor, 2, valorPrice],
      [hush, 1, hushPrice],
    ]);
    expect(set.separatePrice).toBe(valorPrice * 2 + hushPrice);
    expect(set.saving).toBe(Math.max(0, Math.round((valorPrice * 2 + hushPrice - 1999) * 100) / 100));
    // Its stock is its components': it cannot be counted by hand.
    const counted = await call(shop, 'PATCH', `/api/products/${set.id}/inventory`, { token: admin, body: { set: 50 } });
    expect(counted.status).toBe(409);
  });

  it.each([
    ['an archived potion', async () => {
      const archived = await call(shop, 'POST', '/api/products', { token: admin, body: setBody([], { name: 'Old Ash', components: undefined, inventory: 3, sizes: [{ size: '15ml', price: 0, inStock: true }] }) });
      const id = (archived.body.product as AdminProduct).id;
      await db().update(products).set({ archivedAt: new Date() }).where(eq(products.id, id));
      return [{ productId: id, size: '15ml', quantity: 1 }];
    }, 'components.0.productId', /archived/],
    ['another set', async () => [{ productId: (await product('discovery-set')).id, size: 'Set', quantity: 1 }], 'components.0.productId', /another set/],
    ['a size the potion does not come in', async () => [{ productId: (await product('valor')).id, size: '100ml', quantity: 1 }], 'components.0.size', /does not come in/],
    ['a quantity of zero', async () => [{ productId: (await product('valor')).id, size: '15ml', quantity: 0 }], 'components.0.quantity', /quantity/],
  ])('refuses a set holding %s, naming the field, and writes nothing', async (_, components, field, message) => {
    const body = setBody(await components());
    const before = await productCount();
    const refused = await call(shop, 'POST', '/api/products', { token: admin, body });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.errors).toContainEqual({ field, message: expect.stringMatching(message) });
    expect(await productCount()).toBe(before);
  });

  it('refuses a set that contains itself, leaving the set as it was', async () => {
    const set = await product('samhain-gift-box');
    const before = await db().select().from(setComponents).where(eq(setComponents.setId, set.id));
    const refused = await call(shop, 'PUT', `/api/products/${set.id}`, {
      token: admin,
      body: setBody([{ productId: set.id, size: 'Set', quantity: 1 }], { name: set.name, price: set.price }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'components.0.productId', message: 'A set cannot contain itself' }]);
    expect(await db().select().from(setComponents).where(eq(setComponents.setId, set.id))).toEqual(before);
    expect((await product('samhain-gift-box')).name).toBe(set.name);
  });
});
