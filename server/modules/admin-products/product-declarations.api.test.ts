import { seedSets } from '../../db/seed/seed-sets.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct } from '../../../contracts/admin-products.ts';
import type { Product } from '../../../contracts/products.ts';
import { products } from '../../db/schema/index.ts';
import { seedPotions } from '../../db/seed/potions.ts';
import { call, signInAdmin } from '../../../tests/support/accounts.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

let shop: TestShop;
let admin: string;

beforeAll(async () => {
  shop = await startTestShop({ env: { SELLER_CONSUMER_CARE: 'care@deosil.example, 080 4000 1234' } });
  admin = await signInAdmin(shop);
});
afterAll(async () => {
  await shop?.close();
});

const potion = (overrides: Record<string, unknown> = {}) => ({
  name: 'Declared Dusk',
  category: 'ritual',
  price: 2400,
  inventory: 5,
  sizes: [
    { size: '15ml', price: 900 },
    { size: '50ml', price: 0 },
  ],
  ...overrides,
});

const adminList = async () => {
  const response = await call(shop, 'GET', '/api/admin/products?limit=100', { token: admin });
  expect(response.status).toBe(200);
  return response.body as { products: AdminProduct[]; declarationDefaults: Record<string, string> };
};

describe('the demo catalogue', () => {
  it('declares everything for each of the 24 potions and the demo sets, so each may be sold as it stands', async () => {
    const { products: listed } = await adminList();
    expect(listed).toHaveLength(seedPotions.length + seedSets.length);
    for (const product of listed) expect(product.missingDeclarations, product.name).toEqual([]);

    const shown = await call(shop, 'GET', '/api/products/valor');
    const valor = shown.body.product as Product;
    expect(valor.declarations).toEqual({
      genericName: 'Eau de Parfum',
      makerRole: 'manufacturer',
      makerName: 'Deosil Perfumes Private Limited',
      makerAddress: '14 Moonlight Lane, Indiranagar, Bengaluru 560038, Karnataka, India',
      countryOfOrigin: 'India',
      bestBefore: '36 months from the month of manufacture',
      consumerCare: 'care@deosil.example, 080 4000 1234',
    });
    // ₹2,999 for 50 ml is ₹59.98 a millilitre (rule 6(11): rupees to two decimals, per ml under a litre).
    expect(valor.sizes.find((size) => size.size === '50ml')).toEqual({ size: '50ml', price: 2999, inStock: true, netQuantityMl: 50, unitSalePrice: 59.98, unitSalePricePer: 'ml' });
  });
});

describe('declarations in the product form', () => {
  it('start from the seller settings and are stored with the product', async () => {
    const { declarationDefaults } = await adminList();
    expect(declarationDefaults.consumerCare).toBe('care@deosil.example, 080 4000 1234');

    const created = await call(shop, 'POST', '/api/products', { token: admin, body: potion() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const product = created.body.product as AdminProduct;
    expect(product).toMatchObject({ ...declarationDefaults, missingDeclarations: [] });
    expect(product.sizes.map((size) => size.netQuantityMl)).toEqual([15, 50]);
  });

  it('keep what the admin chose, including another maker role and a size quantity the label does not name', async () => {
    const body = potion({
      name: 'Imported Ash',
      genericName: 'Extrait de Parfum',
      makerRole: 'importer',
      makerName: 'Grasse Atelier Imports LLP',
      makerAddress: '2 Marine Drive, Mumbai 400020, Maharashtra',
      countryOfOrigin: 'France',
      bestBefore: 'Best before 60 months from manufacture',
      sizes: [{ size: 'Travel vial', price: 450, netQuantityMl: 8 }],
    });
    const created = await call(shop, 'POST', '/api/products', { token: admin, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const product = created.body.product as AdminProduct;

    const shown = (await call(shop, 'GET', `/api/products/${product.slug}`)).body.product as Product;
    expect(shown.declarations).toMatchObject({ genericName: 'Extrait de Parfum', makerRole: 'importer', countryOfOrigin: 'France' });
    expect(shown.sizes).toEqual([{ size: 'Travel vial', price: 450, inStock: true, netQuantityMl: 8, unitSalePrice: 56.25, unitSalePricePer: 'ml' }]);

    // Saving again without the declarations keeps them: only a blank one means "missing".
    const renamed = await call(shop, 'PUT', `/api/products/${product.id}`, { token: admin, body: potion({ name: 'Imported Ash II', sizes: body.sizes }) });
    expect(renamed.status).toBe(200);
    expect(renamed.body.product).toMatchObject({ makerRole: 'importer', makerName: 'Grasse Atelier Imports LLP', countryOfOrigin: 'France' });
  });

  it.each([
    ['genericName', { genericName: '' }],
    ['makerRole', { makerRole: null }],
    ['makerName', { makerName: '   ' }],
    ['makerAddress', { makerAddress: null }],
    ['countryOfOrigin', { countryOfOrigin: '' }],
    ['bestBefore', { bestBefore: '' }],
    ['consumerCare', { consumerCare: null }],
    ['sizes.1.netQuantityMl', { sizes: [{ size: '15ml' }, { size: 'Gift box', price: 999 }] }],
  ])('refuse a product without %s (400 naming it), writing nothing', async (field, override) => {
    const before = await shop.database.db.select({ id: products.id }).from(products);
    const response = await call(shop, 'POST', '/api/products', { token: admin, body: potion({ name: `Undeclared ${field}`, ...override }) });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, errors: [{ field, message: expect.stringContaining(`${field} is required`) }] });
    expect(await shop.database.db.select({ id: products.id }).from(products)).toHaveLength(before.length);
  });

  it('refuse blanking a declaration of a product on sale, leaving it as it was', async () => {
    const created = (await call(shop, 'POST', '/api/products', { token: admin, body: potion({ name: 'Steady Smoke' }) })).body.product as AdminProduct;
    const response = await call(shop, 'PUT', `/api/products/${created.id}`, { token: admin, body: potion({ name: 'Steady Smoke', makerAddress: '' }) });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ field: 'makerAddress', message: expect.any(String) }]);
    const [row] = await shop.database.db.select({ makerAddress: products.makerAddress }).from(products).where(eq(products.id, created.id));
    expect(row!.makerAddress).toBe(created.makerAddress);
  });

  it('refuse an unknown maker role', async () => {
    const response = await call(shop, 'POST', '/api/products', { token: admin, body: potion({ makerRole: 'reseller' }) });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ field: 'makerRole', message: 'makerRole must be one of manufacturer, packer, importer' }]);
  });
});

describe('the admin list', () => {
  it('flags a product saved before declarations were asked for, naming what it lacks', async () => {
    await shop.database.db.update(products).set({ countryOfOrigin: null, bestBefore: null }).where(eq(products.slug, 'valor'));
    const valor = (await adminList()).products.find((product) => product.slug === 'valor')!;
    expect(valor.missingDeclarations).toEqual(['countryOfOrigin', 'bestBefore']);
  });
});
