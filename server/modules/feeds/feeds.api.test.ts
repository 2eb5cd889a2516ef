import { eq } from 'drizzle-orm';
import { parse, validate } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signInAdmin } from '../../../tests/support/accounts.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { META_COLUMNS } from '../../../domain/product-feeds.ts';
import { productSizes, products } from '../../db/schema/index.ts';

let shop: TestShop;
let token: string;

beforeAll(async () => {
  shop = await startTestShop();
  token = await signInAdmin(shop);
});
afterAll(async () => {
  await shop?.close();
});

type Item = Record<string, unknown>;

async function googleFeed(headers: Record<string, string> = {}) {
  const response = await shop.app.inject({ method: 'GET', url: '/feeds/google.xml', headers });
  return response;
}

function itemsOf(xml: string): Item[] {
  expect(validate(xml)).toBe(true);
  const document = parse(xml, { ignoreAttributes: false, parseTrueNumberOnly: true, parseNodeValue: false });
  expect(document.rss['@_version']).toBe('2.0');
  expect(document.rss['@_xmlns:g']).toBe('http://base.google.com/ns/1.0');
  const items = document.rss.channel.item;
  return Array.isArray(items) ? items : [items];
}

/** Sizes of every live product, as the database has them: the feed must have one item for each. */
async function sizeCount(): Promise<number> {
  const rows = await shop.database.db.select({ id: productSizes.id }).from(productSizes).innerJoin(products, eq(products.id, productSizes.productId));
  return rows.length;
}

const PRICE = /^\d+\.\d{2} INR$/;

/** RFC 4180: quoted cells may hold commas, doubled quotes and line breaks; records end with CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  return rows;
}

describe('GET /feeds/google.xml', () => {
  it("is well-formed RSS 2.0 with every field Google's specification requires, one item per size", async () => {
    const response = await googleFeed();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const items = itemsOf(response.body);
    expect(items.length).toBe(await sizeCount());
    expect(new Set(items.map((item) => item['g:id'])).size).toBe(items.length);
    for (const item of items) {
      for (const field of ['g:id', 'title', 'description', 'link', 'g:image_link', 'g:availability', 'g:price', 'g:brand', 'g:condition', 'g:item_group_id', 'g:product_type', 'g:size']) {
        expect(String(item[field] ?? ''), `${String(item['g:id'])} ${field}`).not.toBe('');
      }
      expect(String(item['g:id']).length).toBeLessThanOrEqual(50);
      expect(String(item.title).length).toBeLessThanOrEqual(150);
      expect(String(item.description).length).toBeLessThanOrEqual(5000);
      expect(['in_stock', 'out_of_stock']).toContain(item['g:availability']);
      expect(item['g:price']).toMatch(PRICE);
      expect(item['g:condition']).toBe('new');
      expect(item['g:identifier_exists']).toBe('no');
      expect(String(item.link)).toMatch(/^https?:\/\/[^/]+\/products\/[a-z0-9-]+\?size=/);
      expect(String(item['g:image_link'])).toMatch(/^https?:\/\//);
      expect(item['g:shipping']).toMatchObject({ 'g:country': 'IN', 'g:price': '0.00 INR' });
    }
    // Every size of a potion shares its group: Valor's three sizes are one group of three items.
    const [valor] = await shop.database.db.select({ id: products.id }).from(products).where(eq(products.slug, 'valor'));
    const group = items.filter((item) => item['g:item_group_id'] === String(valor!.id));
    expect(group.map((item) => item['g:size'])).toEqual(['15 ml', '30 ml', '50 ml']);
    expect(new Set(group.map((item) => item['g:price'])).size).toBe(3);
  });

  it('answers an unchanged feed with 304 to its ETag, and a new ETag once stock runs out, marked out of stock', async () => {
    const first = await googleFeed();
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await googleFeed({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const [poppy] = await shop.database.db.update(products).set({ inventory: 0 }).where(eq(products.slug, 'dark-poppy')).returning({ id: products.id });
    shop.app.services.catalogue.invalidate();
    const after = await googleFeed({ 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const poppyItems = itemsOf(after.body).filter((item) => item['g:item_group_id'] === String(poppy!.id));
    expect(poppyItems.length).toBeGreaterThan(0);
    expect(poppyItems.every((item) => item['g:availability'] === 'out_of_stock')).toBe(true);
  });

  it('carries the sale price an automatic promotion gives, to the paisa, and drops it when the promotion is paused', async () => {
    const created = await call(shop, 'POST', '/api/admin/promotions', {
      token,
      body: {
        name: 'Wisdom week',
        code: '',
        conditions: [],
        actions: [{ type: 'lines-percent', filter: { categoryIds: ['wisdom'] }, percent: 15 }],
        combinable: true,
        priority: 5,
        startsAt: '2026-01-01T00:00:00.000Z',
        endsAt: '2030-01-01T00:00:00.000Z',
        usageLimit: null,
        perCustomerLimit: null,
      },
    });
    expect(created.status).toBe(201);
    const wisdomIds = (await shop.database.db.select({ id: products.id }).from(products).where(eq(products.categoryId, 'wisdom'))).map((row) => String(row.id));
    const items = itemsOf((await googleFeed()).body);
    const onSale = items.filter((item) => wisdomIds.includes(String(item['g:item_group_id'])));
    expect(onSale.length).toBeGreaterThan(0);
    for (const item of onSale) {
      const price = Math.round(Number(String(item['g:price']).split(' ')[0]) * 100);
      expect(item['g:sale_price']).toBe(`${((price - Math.round((price * 1500) / 10_000)) / 100).toFixed(2)} INR`);
      expect(String(item['g:sale_price_effective_date'])).toMatch(/^2026-01-01T00:00:00\.000Z\/2030-01-01T00:00:00\.000Z$/);
    }
    expect(items.filter((item) => !wisdomIds.includes(String(item['g:item_group_id']))).every((item) => item['g:sale_price'] === undefined || item['g:sale_price'] !== item['g:price'])).toBe(true);

    const id = (created.body.promotion as { id: number }).id;
    expect((await call(shop, 'PATCH', `/api/admin/promotions/${id}/paused`, { token, body: { paused: true } })).status).toBe(200);
    const paused = itemsOf((await googleFeed()).body).filter((item) => wisdomIds.includes(String(item['g:item_group_id'])));
    expect(paused.every((item) => item['g:sale_price'] === undefined)).toBe(true);
  });

  it('escapes markup and drops control characters from product text, staying valid XML', async () => {
    await shop.database.db
      .update(products)
      .set({ name: 'Valor <b>&amp; "Co"</b>\u0007', description: 'Bold\u0001 <script>alert(1)</script> & brave\u001b' })
      .where(eq(products.slug, 'valor'));
    shop.app.services.catalogue.invalidate();
    const xml = (await googleFeed()).body;
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    expect(xml).toContain('Valor &lt;b&gt;&amp;amp; &quot;Co&quot;&lt;/b&gt;');
    const valor = itemsOf(xml).find((item) => String(item.title).startsWith('Valor'));
    expect(valor).toBeDefined();
    expect(xml).not.toContain('<script>');
  });
});

describe('GET /feeds/meta.csv', () => {
  it("has Meta's columns, one row per size, prices in INR with two decimals", async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/feeds/meta.csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers.etag).toBeDefined();
    expect(response.body.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([...META_COLUMNS]);
    expect(rows.length).toBe(await sizeCount());
    const column = (name: (typeof META_COLUMNS)[number]) => META_COLUMNS.indexOf(name);
    for (const row of rows) {
      expect(row).toHaveLength(META_COLUMNS.length);
      for (const required of ['id', 'title', 'description', 'availability', 'condition', 'price', 'link', 'image_link', 'brand'] as const) expect(row[column(required)], required).not.toBe('');
      expect(row[column('price')]).toMatch(PRICE);
      expect(['in stock', 'out of stock']).toContain(row[column('availability')]);
      expect(row[column('condition')]).toBe('new');
    }
  });
});

describe('a feed behind FEED_TOKEN', () => {
  let guarded: TestShop;
  beforeAll(async () => {
    guarded = await startTestShop({ env: { FEED_TOKEN: 'merchant-center-token-42' } });
  });
  afterAll(async () => {
    await guarded?.close();
  });

  it('answers 401 to a missing or wrong token and the feed to the right one', async () => {
    for (const url of ['/feeds/google.xml', '/feeds/google.xml?token=wrong', '/feeds/meta.csv?token=merchant-center-token-43', '/feeds/meta.csv']) {
      const response = await guarded.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.body).not.toContain('<rss');
    }
    expect((await guarded.app.inject({ method: 'GET', url: '/feeds/google.xml?token=merchant-center-token-42' })).statusCode).toBe(200);
    expect((await guarded.app.inject({ method: 'GET', url: '/feeds/meta.csv?token=merchant-center-token-42' })).statusCode).toBe(200);
  });
});
