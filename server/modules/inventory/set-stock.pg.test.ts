import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/index.ts';
import { registerCustomer } from '../../../tests/support/accounts.ts';
import { createPaymentOrder, type Line } from '../../../tests/support/checkout.ts';
import { productStock } from '../../../tests/support/product-stock.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

/** A set and its own components competing for the last units, on a PostgreSQL server where checkouts run side by side. */
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.close();
});

async function stock(slug: string, inventory: number): Promise<number> {
  const [row] = await shop.database.db.update(products).set({ inventory }).where(eq(products.slug, slug)).returning({ id: products.id });
  return row!.id;
}

describe('a set against its components for the last units', () => {
  it('30 shoppers at once, for the gift box, for its Dark Poppy alone, or for both in either order: one gets the last Dark Poppy, none oversells', async () => {
    const poppy = await stock('dark-poppy', 1);
    const vesper = await stock('midnight-vesper', 5);
    const [box] = await shop.database.db.select({ id: products.id }).from(products).where(eq(products.slug, 'samhain-gift-box'));
    const boxLine: Line = { productId: box!.id, size: 'Set', quantity: 1 };
    const poppyLine: Line = { productId: poppy, size: '50ml', quantity: 1 };
    const vesperLine: Line = { productId: vesper, size: '50ml', quantity: 1 };
    // Baskets that name the shared shelves in different orders, as a deadlock would need.
    const baskets: Line[][] = [[boxLine], [poppyLine], [vesperLine, boxLine], [poppyLine, vesperLine], [boxLine, vesperLine]];
    const shoppers = await Promise.all(Array.from({ length: 30 }, () => registerCustomer(shop)));
    const created = await Promise.all(shoppers.map((shopper, index) => createPaymentOrder(shop, shopper.token, baskets[index % baskets.length]!)));

    const held = created.map((response, index) => ({ status: response.status, basket: baskets[index % baskets.length]! }));
    expect(held.every((entry) => entry.status === 200 || entry.status === 409), JSON.stringify(created.map((response) => response.body))).toBe(true);
    const winners = held.filter((entry) => entry.status === 200);
    const poppiesTaken = winners.reduce((sum, entry) => sum + entry.basket.filter((line) => line.productId === box!.id || line.productId === poppy).length, 0);
    const vespersTaken = winners.reduce((sum, entry) => sum + entry.basket.filter((line) => line.productId === box!.id || line.productId === vesper).length, 0);
    expect(poppiesTaken).toBe(1);
    expect(await productStock(shop.database.db, poppy)).toMatchObject({ inventory: 0, held: 1 });
    expect(await productStock(shop.database.db, vesper)).toMatchObject({ inventory: 5 - vespersTaken, held: vespersTaken });
  });
});
