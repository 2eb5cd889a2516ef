import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOW_STOCK_THRESHOLD } from '../../../domain/catalogue.ts';
import { products } from '../../db/schema/index.ts';
import { call, signInAdmin } from '../../../tests/support/accounts.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

let shop: TestShop;
let admin: string;
let valorId: number;

beforeAll(async () => {
  shop = await startTestShop({ pages: 'production' });
  admin = await signInAdmin(shop);
  [{ id: valorId }] = (await shop.database.db.select({ id: products.id }).from(products).where(eq(products.slug, 'valor'))) as [{ id: number }];
});
afterAll(async () => {
  await shop?.close();
});

const scarcityShown = async () => {
  const page = await shop.app.inject({ method: 'GET', url: '/products/valor' });
  expect(page.statusCode).toBe(200);
  return /data-testid="scarcity"[^>]*>([^<]*)</.exec(page.body)?.[1] ?? null;
};
const stockTo = async (units: number) => {
  const response = await call(shop, 'PATCH', `/api/products/${valorId}/inventory`, { token: admin, body: { set: units } });
  expect(response.status).toBe(200);
};

describe('"Only N left" on the product page', () => {
  it('is the real count free to sell, each time it changes', async () => {
    for (const units of [3, 1, LOW_STOCK_THRESHOLD]) {
      await stockTo(units);
      const [row] = await shop.database.db.select({ inventory: products.inventory }).from(products).where(eq(products.id, valorId));
      expect(await scarcityShown()).toBe(`Only ${row!.inventory} left`);
    }
  });

  it('is not shown when stock is plentiful, nor when there is none', async () => {
    await stockTo(LOW_STOCK_THRESHOLD + 1);
    expect(await scarcityShown()).toBeNull();
    await stockTo(0);
    expect(await scarcityShown()).toBeNull();
  });
});
