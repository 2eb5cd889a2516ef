import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupees } from '../../domain/money.ts';
import { call, registerCustomer, signInAdmin } from '../../tests/support/accounts.ts';
import { createPaymentOrder, placeOrder } from '../../tests/support/checkout.ts';
import { ensureBuild } from '../../tests/support/shop-processes.ts';
import { startTestShop, type TestShop } from '../../tests/support/test-app.ts';
import { inlineScriptHashes } from './page-cache.ts';

let shop: TestShop;
let admin: string;
let product: { id: number; slug: string };

const potion = (price: number, inventory = 12) => ({
  name: 'Lantern Smoke',
  category: 'ritual',
  price,
  description: 'Smoke of temple lamps over wet stone.',
  inventory,
  isSignature: false,
  image: '/images/potions/valor.svg',
  images: ['/images/potions/valor.svg'],
  sizes: [{ size: '30ml', price: 0, inStock: true }],
  notes: { top: ['Smoke'], heart: ['Stone'], base: ['Amber'] },
  effect: '',
});

beforeAll(async () => {
  ensureBuild();
  shop = await startTestShop({ pages: 'production' });
  admin = await signInAdmin(shop);
  const created = await call(shop, 'POST', '/api/products', { token: admin, body: potion(1499) });
  product = created.body.product as { id: number; slug: string };
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ method: 'GET', url, headers });
const cacheCounts = async () => {
  const values = (await shop.app.metrics.pageCache.get()).values;
  const sum = (outcome: string) => values.filter((value) => value.labels.outcome === outcome).reduce((total, value) => total + value.value, 0);
  return { hit: sum('hit'), miss: sum('miss'), bypass: sum('bypass') };
};

describe('the page cache', () => {
  it('sends a signed-out document byte for byte the same the second time, with its scripts allowed by hash', async () => {
    const first = await get('/products');
    const second = await get('/products');
    expect(first.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    // No nonce in a shared document: each inline script is named by its hash in the policy.
    expect(first.body).not.toMatch(/\snonce=/);
    const hashes = inlineScriptHashes(first.body);
    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) expect(first.headers['content-security-policy']).toContain(hash);
    expect(first.headers['content-security-policy']).not.toContain("'nonce-");
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=60');
  });

  it('answers 304 to a matching ETag, and brotli that unpacks to the same document', async () => {
    const plain = await get('/about');
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const revalidated = await get('/about', { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    const compressed = await get('/about', { 'accept-encoding': 'gzip, br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(compressed.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it("never carries a signed-in shopper's details, and leaves personal pages out of the cache", async () => {
    const amrita = await registerCustomer(shop, { name: 'Amrita Sundaram' });
    // A browser never sends its bearer token with a document; if something did, the page would be rendered alone.
    const asAmrita = await get('/products', { authorization: `Bearer ${amrita.token}` });
    expect(asAmrita.headers.etag).toBeUndefined();
    const signedOut = await get('/products');
    for (const page of [asAmrita.body, signedOut.body]) {
      expect(page).not.toContain('Amrita');
      expect(page).not.toContain(amrita.user.email);
    }
    const profile = await get('/profile');
    expect(profile.headers.etag).toBeUndefined();
    expect(profile.headers['content-security-policy']).toMatch(/'nonce-[^']+'/);
    expect(profile.headers['cache-control']).toBe('private, no-cache');
  });

  it("shows an admin's price and stock edits at once", async () => {
    const before = await get(`/products/${product.slug}`);
    expect(before.body).toContain(formatRupees(1499));
    expect((await get(`/products/${product.slug}`)).headers.etag).toBe(before.headers.etag);

    expect((await call(shop, 'PUT', `/api/products/${product.id}`, { token: admin, body: potion(2222) })).status).toBe(200);
    const repriced = await get(`/products/${product.slug}`);
    expect(repriced.body).toContain(formatRupees(2222));
    expect(repriced.body).not.toContain(formatRupees(1499));

    expect((await call(shop, 'PATCH', `/api/products/${product.id}/inventory`, { token: admin, body: { set: 0 } })).status).toBe(200);
    const soldOut = await get(`/products/${product.slug}`);
    expect(soldOut.headers.etag).not.toBe(repriced.headers.etag);
  });

  it('shows a new festival on the home page at once', async () => {
    const before = await get('/');
    expect((await get('/')).headers.etag).toBe(before.headers.etag);
    const now = Date.now();
    const created = await call(shop, 'POST', '/api/admin/festivals', {
      token: admin,
      body: {
        name: 'Dev Deepavali',
        description: 'Lamps on the ghats and 10% off every potion.',
        bannerImage: '/images/potions/valor.svg',
        startDate: new Date(now - 86_400_000).toISOString(),
        endDate: new Date(now + 86_400_000).toISOString(),
        priority: 9,
        festivalCode: 'DEEP10',
        couponType: 'percentage',
        discountPercentage: 10,
        minimumOrderAmount: 0,
        usageLimit: 100,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const after = await get('/');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).toContain('Dev Deepavali');
  });

  it('keeps a potion page through orders that leave it in stock, and shows it sold out the moment a checkout holds the last unit', async () => {
    const created = await call(shop, 'POST', '/api/products', { token: admin, body: { ...potion(999, 2), name: 'Ember Vow' } });
    const ember = created.body.product as { id: number; slug: string };
    const shopper = await registerCustomer(shop);
    const page = `/products/${ember.slug}`;
    const shown = await get(page);
    expect(shown.body).not.toContain('Notify me when it returns');

    // A whole order for one of the two units: nothing the page shows changed, so it is still the stored copy.
    await placeOrder(shop, shopper.token, [{ productId: ember.id, size: '30ml', quantity: 1 }]);
    const before = await cacheCounts();
    const afterOrder = await get(page);
    expect((await cacheCounts()).hit - before.hit).toBe(1);
    expect(afterOrder.headers.etag).toBe(shown.headers.etag);

    // A checkout holding the last unit sells the potion out: the page and the catalogue say so at once.
    const last = await createPaymentOrder(shop, shopper.token, [{ productId: ember.id, size: '30ml', quantity: 1 }]);
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    const soldOut = await get(page);
    expect(soldOut.headers.etag).not.toBe(shown.headers.etag);
    expect(soldOut.body).toContain('Notify me when it returns');
    expect((await call(shop, 'GET', `/api/products/${ember.id}`)).body.product).toMatchObject({ inStock: false, inventory: 0 });

    // The shopper closes the payment window: the unit is back, and so is the potion.
    const released = await call(shop, 'POST', '/api/payments/razorpay/release-hold', { token: shopper.token, body: { razorpay_order_id: (last.body.razorpayOrder as { id: string }).id } });
    expect(released.body).toEqual({ success: true, released: true });
    expect((await get(page)).body).not.toContain('Notify me when it returns');
    expect((await call(shop, 'GET', `/api/products/${ember.id}`)).body.product).toMatchObject({ inStock: true, inventory: 1 });
  });

  it('shares one render among a crowd arriving after an invalidation', async () => {
    await get('/');
    shop.app.cacheBus.announce('festivals');
    const before = await cacheCounts();
    const crowd = await Promise.all(Array.from({ length: 20 }, () => get('/')));
    const after = await cacheCounts();
    expect(new Set(crowd.map((response) => response.statusCode))).toEqual(new Set([200]));
    expect(new Set(crowd.map((response) => response.headers.etag)).size).toBe(1);
    expect(after.miss - before.miss).toBe(1);
    expect(after.hit - before.hit).toBe(19);
  });

  it('caches the sitemap, and never a page that is not found', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers.etag).toBeDefined();
    const missing = await get('/products/no-such-potion-anywhere');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});
