import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../contracts/products.ts';
import { products } from '../../db/schema/index.ts';
import { call, signInAdmin } from '../../../tests/support/accounts.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

// Runs on PGlite and, with TEST_DB=postgres, on PostgreSQL: pg_trgm must work on both (decision record 0064).
let shop: TestShop;
let token: string;

beforeAll(async () => {
  shop = await startTestShop();
  token = await signInAdmin(shop);
  // The demo has no attar: one is added so "ittar" has something to find.
  await shop.database.db.update(products).set({ name: 'Rose Attar' }).where(eq(products.slug, 'hush'));
  shop.app.services.catalogue.invalidate();
});
afterAll(async () => {
  await shop?.close();
});

async function search(words: string): Promise<{ names: string[]; suggestions: string[] | undefined; status: number }> {
  const response = await shop.app.inject({ method: 'GET', url: `/api/products?search=${encodeURIComponent(words)}` });
  const body = response.json() as { products?: Product[]; suggestions?: Product[] };
  return { status: response.statusCode, names: (body.products ?? []).map((product) => product.name), suggestions: body.suggestions?.map((product) => product.name) };
}

const notesOf = (product: Product) => [...product.notes.top, ...product.notes.heart, ...product.notes.base].map((note) => note.toLowerCase());

describe('search that forgives misspellings and Indian spellings', () => {
  it('finds vetiver for "vetivr", and only potions with vetiver first', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/products?search=vetivr' });
    const found = (response.json() as { products: Product[] }).products;
    expect(found.map((product) => product.name)).toContain('Valor');
    expect(found.length).toBeGreaterThan(0);
    expect(notesOf(found[0]!)).toContain('vetiver');
  });

  it('finds oud for "oudh" and "oud" alike', async () => {
    expect((await search('oudh')).names).toContain('Oriental Forent');
    expect((await search('oud')).names).toContain('Oriental Forent');
  });

  it('finds sandalwood for "sandal" and "chandan"', async () => {
    const bySandal = (await search('sandal')).names;
    const byChandan = (await search('chandan')).names;
    for (const name of ['Pereisia', 'Sunwise Circle', 'Raat Rani']) {
      expect(bySandal).toContain(name);
      expect(byChandan).toContain(name);
    }
  });

  it('finds an attar for "ittar" and "attar"', async () => {
    expect((await search('ittar')).names).toContain('Rose Attar');
    expect((await search('attar')).names[0]).toBe('Rose Attar');
  });

  it('matches a category name misspelt', async () => {
    // "Protection Charms" is a category's name, in no potion's name or notes.
    const response = await shop.app.inject({ method: 'GET', url: '/api/products?search=charmz' });
    const found = (response.json() as { products: Product[] }).products;
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((product) => product.category === 'protection')).toBe(true);
  });

  it('ranks the exact name before similar spellings', async () => {
    expect((await search('valor')).names[0]).toBe('Valor');
    expect((await search('dark poppy')).names[0]).toBe('Dark Poppy');
  });

  it('does not match everything for short or unrelated words', async () => {
    expect((await search('zzqqxx')).names).toEqual([]);
    const all = (await shop.app.inject({ method: 'GET', url: '/api/products' })).json() as { pagination: { total: number } };
    expect((await search('heart')).names.length).toBeLessThan(all.pagination.total);
    expect((await search('ab')).names.length).toBeLessThan(all.pagination.total);
  });

  it('suggests the closest potions when nothing is found', async () => {
    const { names, suggestions } = await search('vetiverr leathr smok');
    expect(names).toEqual([]);
    expect(suggestions?.length).toBeGreaterThan(0);
    expect(suggestions!.length).toBeLessThanOrEqual(3);
    expect((await search('zzqqxx')).suggestions).toEqual([]);
    expect((await search('valor')).suggestions).toBeUndefined();
  });

  it('answers long and odd queries with a 200, never a 5xx', async () => {
    for (const query of ['x'.repeat(1000), `${'vetivr '.repeat(140)}`.slice(0, 1000), '%', '_', '%_%', "o'ud", '"oudh"', '\\', 'a:* | !b', 'नींद का इत्र']) {
      const result = await search(query);
      expect(result.status, query.slice(0, 20)).toBe(200);
    }
    expect((await search(`vetivr ${'%'.repeat(900)}`)).names).toContain('Valor');
  });
});

describe('the synonym list', () => {
  it('is edited by the back office and used by the next search at once', async () => {
    const before = await call(shop, 'GET', '/api/admin/search-synonyms', { token });
    expect(before.status).toBe(200);
    expect(before.body.groups).toContainEqual(['sandalwood', 'sandal', 'chandan']);
    expect((await search('moonflower')).names).toEqual([]);

    const saved = await call(shop, 'PUT', '/api/admin/search-synonyms', { token, body: { text: `${before.body.text}\nPoppy,  MOONFLOWER ` } });
    expect(saved.status).toBe(200);
    expect((saved.body.groups as string[][]).at(-1)).toEqual(['poppy', 'moonflower']);
    expect((await search('moonflower')).names).toContain('Dark Poppy');
  });

  it('refuses a line of one word with a 400 naming the field, and keeps the list', async () => {
    const before = await call(shop, 'GET', '/api/admin/search-synonyms', { token });
    const refused = await call(shop, 'PUT', '/api/admin/search-synonyms', { token, body: { text: 'attar, ittar\nlonely' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/text/);
    expect(refused.body.message).toMatch(/Line 2/);
    expect((await call(shop, 'GET', '/api/admin/search-synonyms', { token })).body).toEqual(before.body);
  });

  it('is for admins only', async () => {
    expect((await call(shop, 'GET', '/api/admin/search-synonyms')).status).toBe(401);
    expect((await call(shop, 'PUT', '/api/admin/search-synonyms', { body: { text: 'a, b' } })).status).toBe(401);
  });
});
