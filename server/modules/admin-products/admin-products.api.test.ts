import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct } from '../../../contracts/admin-products.ts';
import type { Product } from '../../../contracts/products.ts';
import { auditLog, checkouts, notifications, orderItems, orders, products, productSizes, users } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

let shop: TestShop;
let admin: string;
let customer: string;

// A long cache, so only invalidation can explain the storefront showing a change at once.
beforeAll(async () => {
  shop = await startTestShop({ env: { CATALOGUE_CACHE_TTL_MS: '600000' } });
  admin = await signInAdmin(shop);
  customer = (await registerCustomer(shop)).token;
});
afterAll(async () => {
  await shop?.close();
});

const potion = (overrides: Record<string, unknown> = {}) => ({
  name: 'Moon Dew',
  category: 'ritual',
  price: 1499.5,
  description: 'Night-blooming jasmine caught at the dark of the moon.',
  inventory: 12,
  isSignature: false,
  image: '/images/potions/valor.svg',
  images: ['', '/images/potions/valor.svg', '  '],
  sizes: [
    { size: '20ml', price: 899, inStock: true },
    { size: '  ', price: 0, inStock: true },
    { size: '50ml', price: 0, inStock: true },
  ],
  notes: { top: ['Jasmine', ''], heart: ['Moonflower'], base: ['Vetiver', ' '] },
  effect: '',
  ...overrides,
});

const productCount = async () => (await shop.database.db.select({ n: count() }).from(products))[0]!.n;
const create = async (overrides: Record<string, unknown> = {}) => {
  const response = await call(shop, 'POST', '/api/products', { token: admin, body: potion(overrides) });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.product as AdminProduct;
};
const storefront = async (idOrSlug: string) => call(shop, 'GET', `/api/products/${idOrSlug}`);
const adminNotifications = async (title: string) =>
  shop.database.db.select().from(notifications).where(and(eq(notifications.type, 'product'), eq(notifications.title, title)));

describe('creating a product', () => {
  it('stores rupees as paise, strips blank entries, makes a unique slug, and shows on the storefront at once', async () => {
    // Warm the storefront cache first: the new potion must appear anyway.
    expect((await call(shop, 'GET', '/api/products?search=moon')).status).toBe(200);
    const first = await create();
    expect(first).toMatchObject({
      name: 'Moon Dew',
      slug: 'moon-dew',
      price: 1499.5,
      images: ['/images/potions/valor.svg'],
      sizes: [
        { size: '20ml', price: 899, inStock: true },
        { size: '50ml', price: 0, inStock: true },
      ],
      notes: { top: ['Jasmine'], heart: ['Moonflower'], base: ['Vetiver'] },
      effect: null,
      inStock: true,
      archived: false,
    });
    const [row] = await shop.database.db.select().from(products).where(eq(products.id, first.id));
    expect(row!.pricePaise).toBe(149_950);
    const second = await create();
    expect(second.slug).toBe('moon-dew-2');

    const listed = await call(shop, 'GET', '/api/products?search=moon');
    expect((listed.body.products as Product[]).map((product) => product.slug)).toEqual(expect.arrayContaining(['moon-dew', 'moon-dew-2']));
    const shown = await storefront('moon-dew');
    expect(shown.status).toBe(200);
    expect((shown.body.product as Product).sizes).toEqual([
      { size: '20ml', price: 899, inStock: true, netQuantityMl: 20, unitSalePrice: 44.95, unitSalePricePer: 'ml' },
      { size: '50ml', price: 1499.5, inStock: true, netQuantityMl: 50, unitSalePrice: 29.99, unitSalePricePer: 'ml' },
    ]);

    const [audit] = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'product.create'), eq(auditLog.targetId, String(first.id))));
    expect(audit!.details).toMatchObject({ before: null, after: { name: 'Moon Dew', price: 1499.5 } });
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: undefined }, 'name'],
    [{ name: 'x'.repeat(121) }, 'name'],
    [{ price: -1 }, 'price'],
    [{ price: 'a lot' }, 'price'],
    [{ price: undefined }, 'price'],
    [{ price: '' }, 'price'],
    [{ category: 'poison' }, 'category'],
    [{ category: '' }, 'category'],
    [{ inventory: -3 }, 'inventory'],
    [{ inventory: 2.5 }, 'inventory'],
    [{ image: 'javascript:alert(1)' }, 'image'],
    [{ images: ['//evil.example/x.png'] }, 'images.0'],
    [{ sizes: [{ size: '20ml', price: -5 }] }, 'sizes.0.price'],
    [{ sizes: [{ size: '20ml' }, { size: '20ML' }] }, 'sizes'],
    [{ notes: { top: ['x'.repeat(61)] } }, 'notes.top.0'],
    [{ isSignature: 'yes' }, 'isSignature'],
    [{ fragranceNotes: { top: ['Rose'], heart: [], base: [] } }, 'fragranceNotes'],
  ])('refuses %j naming %s, writing nothing', async (overrides, field) => {
    const before = await productCount();
    const response = await call(shop, 'POST', '/api/products', { token: admin, body: potion(overrides) });
    expect(response.status).toBe(400);
    expect(response.body.success).toBe(false);
    expect(response.body.errors?.map((error) => error.field)).toContain(field);
    expect(await productCount()).toBe(before);
  });
});

describe('fragranceNotes', () => {
  it('is accepted as another name for notes', async () => {
    const { notes: _notes, ...withoutNotes } = potion({ name: 'Rose Vigil' });
    const response = await call(shop, 'POST', '/api/products', { token: admin, body: { ...withoutNotes, fragranceNotes: { top: ['Rose'], heart: ['Myrrh', ''], base: ['Oud'] } } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect((response.body.product as AdminProduct).notes).toEqual({ top: ['Rose'], heart: ['Myrrh'], base: ['Oud'] });
  });
});

describe('editing a product', () => {
  it('changes every field, keeps the slug, audits before and after, and the storefront shows it at once', async () => {
    const product = await create({ name: 'Ember Veil' });
    expect((await storefront(product.slug)).body.product).toMatchObject({ price: 1499.5 });
    const response = await call(shop, 'PUT', `/api/products/${product.id}`, {
      token: admin,
      body: potion({ name: 'Ember Veil Noir', price: 2100, category: 'seduction', sizes: [{ size: '50ml - Special', price: 2500 }], notes: { top: [], heart: ['Smoke'], base: [] } }),
    });
    expect(response.status).toBe(200);
    expect(response.body.product).toMatchObject({ name: 'Ember Veil Noir', slug: product.slug, price: 2100, category: 'seduction', sizes: [{ size: '50ml - Special', price: 2500, inStock: true }] });
    const shown = (await storefront(product.slug)).body.product as Product;
    expect(shown).toMatchObject({ name: 'Ember Veil Noir', price: 2100, category: 'seduction' });
    expect(shown.sizes.map((size) => size.size)).toEqual(['50ml - Special']);
    expect(await shop.database.db.select().from(productSizes).where(eq(productSizes.productId, product.id))).toHaveLength(1);

    const [audit] = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'product.update'), eq(auditLog.targetId, String(product.id))));
    expect(audit!.details).toMatchObject({ before: { name: 'Ember Veil', price: 1499.5 }, after: { name: 'Ember Veil Noir', price: 2100 } });
  });

  it('says a missing price is required, and a price it cannot read is not a number', async () => {
    const missing = await call(shop, 'POST', '/api/products', { token: admin, body: potion({ price: '' }) });
    expect(missing.body.errors).toEqual([{ field: 'price', message: 'price is required' }]);
    const unreadable = await call(shop, 'POST', '/api/products', { token: admin, body: potion({ price: 'a lot' }) });
    expect(unreadable.body.errors).toEqual([{ field: 'price', message: 'price must be a number' }]);
  });

  it('refuses a bad edit naming the field and changes nothing', async () => {
    const product = await create({ name: 'Steady Hand' });
    const response = await call(shop, 'PUT', `/api/products/${product.id}`, { token: admin, body: potion({ name: 'Changed', price: -2 }) });
    expect(response.status).toBe(400);
    expect(response.body.errors?.map((error) => error.field)).toEqual(['price']);
    const [row] = await shop.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.name).toBe('Steady Hand');
  });

  it('keeps an HSN code and a GST rate, 3303 and 18 % unless given; a rate from a later date leaves the old one until then', async () => {
    const product = await create({ name: 'Tax Ward' });
    expect(product).toMatchObject({ hsnCode: '3303', gstRate: 18, previousGstRate: null });
    const response = await call(shop, 'PUT', `/api/products/${product.id}`, { token: admin, body: potion({ name: 'Tax Ward', hsnCode: '33030010', gstRate: 12, gstRateFrom: '2099-04-01' }) });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.product).toMatchObject({ hsnCode: '33030010', gstRate: 12, gstRateFrom: '2099-04-01', previousGstRate: 18 });
  });

  it.each([
    [{ hsnCode: '33O3' }, 'hsnCode', 'hsnCode must be an HSN code of 4, 6 or 8 digits, such as 3303'],
    [{ hsnCode: '33031' }, 'hsnCode', 'hsnCode must be an HSN code of 4, 6 or 8 digits, such as 3303'],
    [{ gstRate: 18.125 }, 'gstRate', 'gstRate must be a percentage from 0 to 100 with at most two decimals'],
    [{ gstRate: 'eighteen' }, 'gstRate', 'gstRate must be a percentage such as 18'],
    [{ gstRateFrom: '2026-02-30' }, 'gstRateFrom', 'gstRateFrom is not a calendar date'],
  ])('refuses %j naming the field', async (override, field, message) => {
    const before = await productCount();
    const response = await call(shop, 'POST', '/api/products', { token: admin, body: potion(override) });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ field, message }]);
    expect(await productCount()).toBe(before);
  });

  it('answers 404 for an unknown product', async () => {
    expect((await call(shop, 'PUT', '/api/products/999999', { token: admin, body: potion() })).status).toBe(404);
    expect((await call(shop, 'DELETE', '/api/products/999999', { token: admin })).status).toBe(404);
    expect((await call(shop, 'PATCH', '/api/products/999999/inventory', { token: admin, body: { adjust: -1 } })).status).toBe(404);
  });

  it('tells the admins when an edit brings stock to 5 or fewer', async () => {
    const product = await create({ name: 'Last Candle', inventory: 9 });
    await call(shop, 'PUT', `/api/products/${product.id}`, { token: admin, body: potion({ name: 'Last Candle', inventory: 4 }) });
    const alerts = await adminNotifications('Low Stock');
    expect(alerts.some((alert) => alert.message === 'Last Candle is down to 4 in stock.' && alert.priority === 'medium' && alert.actionUrl === '/admin/products')).toBe(true);
  });
});

describe('deleting a product', () => {
  it('deletes a product no order names; it is gone from the storefront at once, and audited', async () => {
    const product = await create({ name: 'Passing Mist' });
    expect((await storefront(product.slug)).status).toBe(200);
    const response = await call(shop, 'DELETE', `/api/products/${product.id}`, { token: admin });
    expect(response.body).toMatchObject({ success: true, archived: false });
    expect((await storefront(product.slug)).status).toBe(404);
    expect(await shop.database.db.select().from(products).where(eq(products.id, product.id))).toHaveLength(0);
    const [audit] = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'product.delete'), eq(auditLog.targetId, String(product.id))));
    expect(audit!.details).toMatchObject({ before: { name: 'Passing Mist' }, after: null });
  });

  it('archives a product that an order names, keeping the order whole', async () => {
    const product = await create({ name: 'Remembered Rose' });
    const orderId = await placeOrderFor(product);
    const response = await call(shop, 'DELETE', `/api/products/${product.id}`, { token: admin });
    expect(response.status).toBe(200);
    expect(response.body.archived).toBe(true);
    expect((await storefront(product.slug)).status).toBe(404);
    const [row] = await shop.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.archivedAt).toBeInstanceOf(Date);
    expect(await shop.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId))).toHaveLength(1);

    const hidden = await call(shop, 'GET', '/api/admin/products?search=remembered', { token: admin });
    expect(hidden.body.products).toEqual([]);
    const shown = await call(shop, 'GET', '/api/admin/products?search=remembered&includeArchived=true', { token: admin });
    expect(shown.body.products).toMatchObject([{ name: 'Remembered Rose', archived: true }]);
    expect((await call(shop, 'PUT', `/api/products/${product.id}`, { token: admin, body: potion() })).status).toBe(409);
    const actions = (await shop.database.db.select().from(auditLog).where(eq(auditLog.targetId, String(product.id)))).map((entry) => entry.action);
    expect(actions).toContain('product.archive');
  });
});

async function placeOrderFor(product: AdminProduct): Promise<string> {
  const db = shop.database.db;
  const { user } = await registerCustomer(shop);
  const address = { street: '12 Lake Road', city: 'Pune', state: 'Maharashtra', zipCode: '411001', country: 'India' };
  const buyer = { name: user.name, email: user.email, phone: '9876543210' };
  const [customerRow] = await db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
  const [checkout] = await db
    .insert(checkouts)
    .values({ userId: customerRow!.id, provider: 'sandbox', providerOrderId: `order_${product.id}_${Date.now()}`, amountPaise: 149_950, subtotalPaise: 149_950, lines: [], customer: buyer, shippingAddress: address, status: 'paid' })
    .returning();
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: `DP-TEST-${product.id}`,
      userId: customerRow!.id,
      checkoutId: checkout!.id,
      paymentProvider: 'sandbox',
      providerOrderId: checkout!.providerOrderId,
      subtotalPaise: 149_950,
      totalPaise: 149_950,
      customerName: buyer.name,
      customerEmail: buyer.email,
      shippingAddress: address,
    })
    .returning();
  await db.insert(orderItems).values({ orderId: order!.id, productId: product.id, name: product.name, slug: product.slug, categoryId: product.category, size: '50ml', quantity: 1, unitPricePaise: 149_950, lineTotalPaise: 149_950 });
  return order!.id;
}

describe('inventory', () => {
  it('sets and adjusts, with inStock following the count', async () => {
    const product = await create({ name: 'Quiet Well', inventory: 3 });
    const set = await call(shop, 'PATCH', `/api/products/${product.id}/inventory`, { token: admin, body: { set: 0 } });
    expect(set.body.product).toMatchObject({ inventory: 0, inStock: false });
    expect((await storefront(product.slug)).body.product).toMatchObject({ inStock: false, inventory: 0 });
    const adjusted = await call(shop, 'PATCH', `/api/products/${product.id}/inventory`, { token: admin, body: { adjust: 7 } });
    expect(adjusted.body.product).toMatchObject({ inventory: 7, inStock: true });
    const [audit] = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'product.inventory'), eq(auditLog.targetId, String(product.id)))).orderBy(auditLog.id);
    expect(audit!.details).toMatchObject({ before: { inventory: 3 }, after: { inventory: 0 }, set: 0 });
  });

  it.each([[{}], [{ set: 1, adjust: 1 }], [{ set: -1 }], [{ adjust: 0 }], [{ adjust: 1.5 }], [{ set: 'ten' }]])('refuses %j', async (body) => {
    const product = await create({ name: 'Fixed Count', inventory: 4 });
    const response = await call(shop, 'PATCH', `/api/products/${product.id}/inventory`, { token: admin, body });
    expect(response.status).toBe(400);
    expect(response.body.errors?.length).toBeGreaterThan(0);
    const [row] = await shop.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.inventory).toBe(4);
  });

  it('never goes below zero: of 20 concurrent takes of one from 10, exactly 10 succeed', async () => {
    const product = await create({ name: 'Rush Hour', inventory: 10 });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => call(shop, 'PATCH', `/api/products/${product.id}/inventory`, { token: admin, body: { adjust: -1 } })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(10);
    const [row] = await shop.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.inventory).toBe(0);
    expect(row!.inStock).toBe(false);
  });

  it('tells the admins when stock falls to 5 or fewer, and with high priority when it runs out', async () => {
    const product = await create({ name: 'Thin Smoke', inventory: 7 });
    await call(shop, 'PATCH', `/api/products/${product.id}/inventory`, { token: admin, body: { adjust: -2 } });
    const low = await adminNotifications('Low Stock');
    expect(low.filter((alert) => alert.message === 'Thin Smoke is down to 5 in stock.' && alert.priority === 'medium')).toHaveLength(1);
    await call(shop, 'PATCH', `/api/products/${product.id}/inventory`, { token: admin, body: { adjust: -1 } });
    expect((await adminNotifications('Low Stock')).filter((alert) => alert.message.startsWith('Thin Smoke'))).toHaveLength(1);
    await call(shop, 'PATCH', `/api/products/${product.id}/inventory`, { token: admin, body: { set: 0 } });
    const out = await adminNotifications('Out of Stock');
    expect(out.filter((alert) => alert.message === 'Thin Smoke has sold out.' && alert.priority === 'high')).toHaveLength(1);
  });
});

describe('GET /api/admin/products', () => {
  it('searches, filters by category and sorts by name, price, stock and sales', async () => {
    const list = async (query: string) => {
      const response = await call(shop, 'GET', `/api/admin/products${query}`, { token: admin });
      expect(response.status).toBe(200);
      return response.body.products as AdminProduct[];
    };
    const all = await list('');
    expect(all.length).toBeGreaterThanOrEqual(24);
    expect(all[0]).toHaveProperty('archived', false);
    const names = all.map((product) => product.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const byStock = (await list('?sort=stock')).map((product) => product.inventory);
    expect(byStock).toEqual([...byStock].sort((a, b) => a - b));
    const byPrice = (await list('?sort=price')).map((product) => product.price);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => b - a));
    const bySales = (await list('?sort=sales')).map((product) => product.sales);
    expect(bySales).toEqual([...bySales].sort((a, b) => b - a));
    const healing = await list('?category=healing');
    expect(healing.length).toBeGreaterThan(0);
    expect(healing.every((product) => product.category === 'healing')).toBe(true);
    expect((await list('?search=valor')).map((product) => product.name)).toContain('Valor');
    expect(await list('?search=%25')).toEqual([]);
    const refused = await call(shop, 'GET', '/api/admin/products?sort=colour', { token: admin });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.field).toBe('sort');
  });
});

describe('who may manage products', () => {
  const id = 1;
  const routes = [
    ['GET', '/api/admin/products', undefined],
    ['POST', '/api/products', potion()],
    ['PUT', `/api/products/${id}`, potion()],
    ['DELETE', `/api/products/${id}`, undefined],
    ['PATCH', `/api/products/${id}/inventory`, { set: 0 }],
  ] as const;

  it('answers 401 to visitors and 403 to customers, changing nothing', async () => {
    const before = await shop.database.db.select().from(products).where(eq(products.id, id));
    const total = await productCount();
    for (const [method, url, body] of routes) {
      expect((await call(shop, method, url, { body })).status, `${method} ${url}`).toBe(401);
      expect((await call(shop, method, url, { token: customer, body })).status, `${method} ${url}`).toBe(403);
    }
    expect(await shop.database.db.select().from(products).where(eq(products.id, id))).toEqual(before);
    expect(await productCount()).toBe(total);
  });
});
