import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../contracts/products.ts';
import { categories, products } from '../../db/schema/index.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { seedPotions } from '../../db/seed/potions.ts';
import { seedSets } from '../../db/seed/seed-sets.ts';

/** The demo catalogue: its potions and its sets. */
const DEMO_PRODUCTS = seedPotions.length + seedSets.length;

let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.close();
});

async function get(url: string) {
  const response = await shop.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

async function list(query = ''): Promise<Product[]> {
  const { status, body } = await get(`/api/products${query}`);
  expect(status).toBe(200);
  return body.products as Product[];
}

describe('GET /api/products', () => {
  it('lists the whole demo catalogue, signature scents first, then by name', async () => {
    const { body } = await get('/api/products');
    expect(body.success).toBe(true);
    expect(body.pagination).toEqual({ page: 1, limit: 100, total: DEMO_PRODUCTS, pages: 1 });
    const names = (body.products as Product[]).map((product) => product.name);
    const signature = (body.products as Product[]).filter((product) => product.isSignature).map((product) => product.name);
    expect(names.slice(0, 8)).toEqual([...signature].sort((a, b) => a.localeCompare(b)));
    expect(signature).toHaveLength(8);
    const rest = names.slice(8);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
  });

  it('sends the spec field names with rupee prices and per-size prices', async () => {
    const [product] = await list('?search=valor');
    expect(product).toMatchObject({ name: 'Valor', _id: String(product!.id), slug: 'valor', category: 'signature' });
    expect(product!.image).toBe(product!.mainImage);
    expect(product!.sizes.map((size) => size.size)).toEqual(['15ml', '30ml', '50ml']);
    expect(product!.sizes.every((size) => Number.isInteger(Math.round(size.price * 100)))).toBe(true);
    expect(product!.notes.top.length + product!.notes.heart.length + product!.notes.base.length).toBe(5);
    for (const field of ['effect', 'ingredients', 'usage', 'longDescription'] as const) {
      expect(product![field].length).toBeGreaterThan(10);
    }
  });

  it('filters by category, price range and stock', async () => {
    const ritual = await list('?category=ritual');
    expect(ritual.length).toBeGreaterThan(0);
    expect(ritual.every((product) => product.category === 'ritual')).toBe(true);

    const midRange = await list('?minPrice=2000&maxPrice=3000');
    expect(midRange.length).toBeGreaterThan(0);
    expect(midRange.every((product) => product.price >= 2000 && product.price <= 3000)).toBe(true);

    const inStock = await list('?inStock=true');
    const outOfStock = await list('?inStock=false');
    expect(inStock.every((product) => product.inStock && product.inventory > 0)).toBe(true);
    expect(outOfStock.length).toBeGreaterThan(0);
    expect(outOfStock.every((product) => !product.inStock && product.inventory === 0)).toBe(true);
    expect(inStock.length + outOfStock.length).toBe(DEMO_PRODUCTS);
  });

  it('ignores empty and "all" filter values', async () => {
    expect(await list('?category=all&search=&minPrice=&sortBy=all')).toHaveLength(DEMO_PRODUCTS);
  });

  it('sorts by price, name, sales and rating in either order', async () => {
    const cheapFirst = (await list('?sortBy=price&sortOrder=asc')).map((product) => product.price);
    expect(cheapFirst).toEqual([...cheapFirst].sort((a, b) => a - b));
    const dearFirst = (await list('?sortBy=price')).map((product) => product.price);
    expect(dearFirst).toEqual([...dearFirst].sort((a, b) => b - a));
    const byName = (await list('?sortBy=name')).map((product) => product.name);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b)));
    const bySales = (await list('?sortBy=sales&sortOrder=desc')).map((product) => product.sales);
    expect(bySales).toEqual([...bySales].sort((a, b) => b - a));
    const byRating = (await list('?sortBy=rating&sortOrder=asc')).map((product) => product.rating);
    expect(byRating).toEqual([...byRating].sort((a, b) => a - b));
  });

  it('pages through the catalogue without gaps or repeats', async () => {
    const seen: number[] = [];
    const pages = Math.ceil(DEMO_PRODUCTS / 5);
    for (let page = 1; page <= pages; page += 1) {
      const { body } = await get(`/api/products?limit=5&page=${page}&sortBy=name`);
      expect(body.pagination).toEqual({ page, limit: 5, total: DEMO_PRODUCTS, pages });
      seen.push(...(body.products as Product[]).map((product) => product.id));
    }
    expect(new Set(seen).size).toBe(DEMO_PRODUCTS);
    const { body: past } = await get('/api/products?limit=5&page=9');
    expect(past.products).toEqual([]);
    expect(past.pagination.total).toBe(DEMO_PRODUCTS);
  });

  it('searches names, notes and descriptions, with prefixes for half-typed words', async () => {
    expect((await list('?search=pop')).map((product) => product.name)).toContain('Dark Poppy');
    expect((await list('?search=POPPIES')).map((product) => product.name)).toContain('Dark Poppy');
    expect((await list('?search=dark%20pop')).map((product) => product.name)).toContain('Dark Poppy');
    const byNote = await list('?search=yuzu');
    expect(byNote.length).toBeGreaterThan(0);
    expect(byNote.every((product) => JSON.stringify(product.notes).toLowerCase().includes('yuzu') || product.description.toLowerCase().includes('yuzu'))).toBe(true);
  });

  it('answers harmless but odd searches with a correct empty result', async () => {
    for (const search of ["'; DROP TABLE products; --", 'नींद का इत्र', '%_%', '!!!', '"unclosed', 'a:* | b']) {
      const { status, body } = await get(`/api/products?search=${encodeURIComponent(search)}`);
      expect(status, search).toBe(200);
      expect(body.success).toBe(true);
      expect(Array.isArray(body.products)).toBe(true);
    }
    expect(await list('?search=zzqqxx')).toEqual([]);
    expect(await list()).toHaveLength(DEMO_PRODUCTS);
  });

  it.each([
    ['minPrice=abc', 'minPrice'],
    ['maxPrice=-5', 'maxPrice'],
    ['minPrice=3000&maxPrice=1000', 'maxPrice'],
    ['limit=0', 'limit'],
    ['limit=1000', 'limit'],
    ['limit=2.5', 'limit'],
    ['page=0', 'page'],
    ['sortBy=password', 'sortBy'],
    ['sortOrder=sideways', 'sortOrder'],
    ['inStock=maybe', 'inStock'],
    [`search=${'x'.repeat(10_240)}`, 'search'],
    ['category=ritual%27%20OR%201%3D1', 'category'],
  ])('rejects %s with a 400 naming %s', async (query, field) => {
    const { status, body } = await get(`/api/products?${query}`);
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.message).toMatch(new RegExp(field));
    expect(body.errors.map((error: { field: string }) => error.field)).toContain(field);
  });

  it('returns an empty list for a well-formed category that does not exist', async () => {
    expect(await list('?category=necromancy')).toEqual([]);
  });
});

describe('GET /api/products/:id', () => {
  it('finds a product by numeric id, by _id text and by slug', async () => {
    const [poppy] = await list('?search=dark%20poppy');
    const byId = await get(`/api/products/${poppy!.id}`);
    const bySlug = await get('/api/products/dark-poppy');
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual({ success: true, product: poppy });
    expect(bySlug.body.product).toEqual(poppy);
    expect((await get(`/api/products/${poppy!._id}`)).body.product.name).toBe('Dark Poppy');
  });

  it('answers 404 with a message for an unknown product', async () => {
    for (const ref of ['999999', 'no-such-potion']) {
      const { status, body } = await get(`/api/products/${ref}`);
      expect(status).toBe(404);
      expect(body).toEqual({ success: false, message: 'Product not found' });
    }
  });

  it('rejects a reference that is neither an id nor a slug', async () => {
    const { status, body } = await get(`/api/products/${encodeURIComponent("1' or '1'='1")}`);
    expect(status).toBe(400);
    expect(body.errors[0].field).toBe('id');
  });

});

describe('a product stored with gaps', () => {
  it('reads with the spec defaults filled in', async () => {
    const bare = await startTestShop({ seed: false });
    try {
      await bare.database.db.insert(categories).values({ id: 'healing', name: 'Healing' });
      const [row] = await bare.database.db
        .insert(products)
        .values({ slug: 'bare-bottle', name: 'Bare Bottle', description: 'Plain.', categoryId: 'healing', pricePaise: 149950, inventory: 3 })
        .returning({ id: products.id });
      const response = await bare.app.inject({ method: 'GET', url: `/api/products/${row!.id}` });
      const product = response.json().product;
      expect(product).toMatchObject({
        price: 1499.5,
        sizes: [{ size: '30ml', price: 1499.5, inStock: true }],
        images: ['/images/potions/placeholder.webp'],
        mainImage: '/images/potions/placeholder.webp',
        longDescription: 'Plain.',
        inStock: true,
        inventory: 3,
      });
      expect(product.notes.top.length).toBeGreaterThan(0);
      expect(product.effect.length).toBeGreaterThan(0);
    } finally {
      await bare.close();
    }
  });
});

describe('catalogue summaries', () => {
  it('counts products per category', async () => {
    const { body } = await get('/api/products/categories');
    const ids = body.categories.map((category: { id: string }) => category.id);
    expect(ids.slice(0, 7)).toEqual(['signature', 'ritual', 'seduction', 'protection', 'transformation', 'wisdom', 'healing']);
    for (const category of body.categories as { id: string; count: number }[]) {
      expect(category.count).toBe((await list(`?category=${category.id}`)).length);
    }
  });

  it('totals products, stock and signature scents', async () => {
    const { body } = await get('/api/products/stats');
    const all = await list();
    expect(body.stats).toMatchObject({
      totalProducts: all.length,
      inStock: all.filter((product) => product.inStock).length,
      outOfStock: all.filter((product) => !product.inStock).length,
      signature: 8,
    });
    expect(Object.values(body.stats.byCategory as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(all.length);
  });
});

describe('API edges', () => {
  it('answers unknown API paths with JSON 404', async () => {
    const { status, body } = await get('/api/spellbook');
    expect(status).toBe(404);
    expect(body.success).toBe(false);
  });

  it('sends security headers', async () => {
    const { headers } = await get('/api/products?limit=1');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    // Razorpay Checkout is the only outside code allowed to run or be framed.
    expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/checkout\.razorpay\.com https:\/\/cdn\.razorpay\.com;/);
    expect(headers['content-security-policy']).toContain('frame-src https://api.razorpay.com https://checkout.razorpay.com');
  });

  it('reports health from the database', async () => {
    const { status, body } = await get('/api/health');
    expect(status).toBe(200);
    expect(body.database).toBe('up');
  });
});

describe('compression', () => {
  it('sends the product list compressed to clients that accept it, and plain to those that do not', async () => {
    const { gunzipSync, brotliDecompressSync } = await import('node:zlib');
    const plain = await shop.app.inject({ method: 'GET', url: '/api/products' });
    expect(plain.headers['content-encoding']).toBeUndefined();

    const gzip = await shop.app.inject({ method: 'GET', url: '/api/products', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const br = await shop.app.inject({ method: 'GET', url: '/api/products', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });
});
