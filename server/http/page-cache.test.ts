import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, PageCache, pageCacheKey, type RenderedPage } from './page-cache.ts';

const page = (etag: string, cacheable = true): RenderedPage => ({ status: 200, headers: [], body: Buffer.from(etag), etag, scriptHashes: [], cacheable });

describe('pageCacheKey', () => {
  it('keys shareable pages by path and sorted query, the same for a document and its data request', () => {
    expect(pageCacheKey('GET', '/products?sortBy=price&category=ritual', {})).toBe('/products?category=ritual&sortBy=price');
    // The catalogue's "Sets" filter is as shareable as its categories.
    expect(pageCacheKey('GET', '/products?kind=set', {})).toBe('/products?kind=set');
    expect(pageCacheKey('HEAD', '/products/moon-dew', {})).toBe('/products/moon-dew');
    expect(pageCacheKey('GET', '/products/moon-dew.data?_routes=routes%2Fproduct', {})).toBe('/products/moon-dew.data?_routes=routes%2Fproduct');
    expect(pageCacheKey('GET', '/_root.data', {})).toBe('/_root.data');
    expect(pageCacheKey('GET', '/sitemap.xml', {})).toBe('/sitemap.xml');
  });

  it('leaves personal pages, writes, unknown parameters and requests with a token to be rendered each time', () => {
    for (const url of ['/profile', '/orders', '/checkout', '/admin/products', '/reset-password?token=x', '/newsletter/confirm?token=x', '/products/a/b']) {
      expect(pageCacheKey('GET', url, {}), url).toBeNull();
    }
    expect(pageCacheKey('POST', '/contact', {})).toBeNull();
    expect(pageCacheKey('GET', '/products?ref=x', {})).toBeNull();
    expect(pageCacheKey('GET', '/products', { authorization: 'Bearer t' })).toBeNull();
  });
});

describe('PageCache', () => {
  it('renders once for concurrent requests and keeps the page until invalidated', async () => {
    const cache = new PageCache({ ttlMs: 60_000, maxEntries: 10 });
    let renders = 0;
    const render = async () => page(`v${++renders}`);
    const answers = await Promise.all([cache.get('/', render), cache.get('/', render), cache.get('/', render)]);
    expect(renders).toBe(1);
    expect(answers.map((answer) => answer.outcome)).toEqual(['miss', 'hit', 'hit']);
    cache.invalidate();
    expect((await cache.get('/', render)).page.etag).toBe('v2');
  });

  it('does not keep a render that was running when a write invalidated it, nor one that is not shareable', async () => {
    const cache = new PageCache({ ttlMs: 60_000, maxEntries: 10 });
    let release: (value: RenderedPage) => void = () => {};
    const slow = cache.get('/', () => new Promise<RenderedPage>((resolve) => (release = resolve)));
    cache.invalidate();
    release(page('stale'));
    expect((await slow).page.etag).toBe('stale');
    expect((await cache.get('/', async () => page('fresh'))).page.etag).toBe('fresh');

    await cache.get('/about', async () => page('personal', false));
    expect((await cache.get('/about', async () => page('again'))).outcome).toBe('miss');
  });

  it('expires pages after the TTL and evicts the least recently used past the limit', async () => {
    let now = 0;
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 2, now: () => now });
    await cache.get('/a', async () => page('a'));
    now = 1001;
    expect((await cache.get('/a', async () => page('a2'))).outcome).toBe('miss');
    await cache.get('/b', async () => page('b'));
    await cache.get('/c', async () => page('c'));
    expect(cache.size).toBe(2);
    expect((await cache.get('/a', async () => page('a3'))).outcome).toBe('miss');
  });

  it('keeps the pages shoppers keep asking for within its bytes, counting each page with its compressed copies', async () => {
    const sized = (etag: string): RenderedPage => ({ ...page(etag), body: Buffer.alloc(300), br: Buffer.alloc(50), gzip: Buffer.alloc(50) });
    const cache = new PageCache({ ttlMs: 60_000, maxEntries: 10, maxBytes: 1000 });
    await cache.get('/', async () => sized('home'));
    await cache.get('/about', async () => sized('about'));
    expect(cache.bytes).toBe(800);
    // The home page is asked for again, so the about page is the least recently used when a third page comes.
    expect((await cache.get('/', async () => sized('home again'))).outcome).toBe('hit');
    await cache.get('/faq', async () => sized('faq'));
    expect(cache.bytes).toBe(800);
    expect((await cache.get('/', async () => sized('home again'))).outcome).toBe('hit');
    expect((await cache.get('/about', async () => sized('about again'))).outcome).toBe('miss');
  });
});

describe('inlineScriptHashes', () => {
  it("hashes each inline script's text and skips scripts loaded from a file", () => {
    const hashes = inlineScriptHashes('<script>alert(1)</script><script type="module" src="/a.js"></script><script type="module">import "/b.js";</script>');
    // The SHA-256 of `alert(1)` as CSP writes it.
    expect(hashes).toEqual(["'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='", expect.stringMatching(/^'sha256-.+='$/)]);
  });
});
