import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../tests/support/test-app.ts';

/**
 * /metrics must not grow with the paths visitors ask for: every path a crawler or scanner invents would otherwise
 * be a new series (with a whole latency histogram) in every process and in the Prometheus scraping them.
 */
let shop: TestShop;
let assets: string[];

beforeAll(async () => {
  shop = await startTestShop({ pages: 'production' });
  assets = (await readdir(path.resolve('build/client/assets'))).filter((name) => name.endsWith('.js')).slice(0, 5);
  expect(assets.length).toBeGreaterThan(0);
});
afterAll(async () => {
  await shop?.close();
});

const scrape = async () => (await shop.app.inject({ method: 'GET', url: '/metrics' })).body;
/** The series of the request and page-cache metrics: one line each, comments aside. */
const series = (text: string) => text.split('\n').filter((line) => /^(http_request|page_cache_requests)/.test(line)).map((line) => line.replace(/ [^ ]+$/, ''));

function randomUrl(index: number): string {
  const word = randomBytes(6).toString('hex');
  const kinds = [`/zz-${word}`, `/${word}/${word}`, `/products/${word}`, `/admin/${word}`, `/api/${word}`, `/api/products/${word}`, `/assets/${word}.js`, `/images/${word}.webp`, `/${word}.xml`, `/faq?${word}=1`];
  return kinds[index % kinds.length]!;
}

async function visit(url: string) {
  return shop.app.inject({ method: 'GET', url });
}

describe('metric labels', () => {
  it('take route patterns only: unknown paths are one unmatched route, the build\'s files one static route', async () => {
    await visit('/products/valor');
    await visit('/faq');
    for (const asset of assets) expect((await visit(`/assets/${asset}`)).statusCode).toBe(200);
    for (let index = 0; index < 10; index += 1) await visit(randomUrl(index));
    const text = await scrape();
    expect(text).toMatch(/http_requests_total\{method="GET",route="static",status="200"\} 5/);
    // An unknown potion's path is still the potion route: its pattern, never the path.
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/products\/:idOrSlug",status="200"\} 1\n/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/products\/:idOrSlug",status="404"\} 1\n/);
    expect(text).toMatch(/page_cache_requests_total\{page="\/products\/:idOrSlug",outcome="miss"\} \d+/);
    expect(text).toMatch(/page_cache_requests_total\{page="unmatched",outcome="(miss|bypass)"\} \d+/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="unmatched",status="404"\} \d+/);
    const routes = new Set([...text.matchAll(/(?:route|page)="([^"]*)"/g)].map((match) => match[1]!));
    expect([...routes].filter((route) => route.includes('zz-') || route.includes('assets') || /[0-9a-f]{12}/.test(route))).toEqual([]);
  });

  it('stay as many after 100 more random paths', async () => {
    for (let index = 0; index < 10; index += 1) await visit(randomUrl(index));
    const before = series(await scrape());
    for (let index = 0; index < 100; index += 1) await visit(randomUrl(index));
    const after = series(await scrape());
    // /metrics itself is counted after each scrape: its series exist from the first one on.
    expect(after.length).toBe(before.length);
    expect(new Set(after)).toEqual(new Set(before));
  });
});
