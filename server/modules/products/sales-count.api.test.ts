import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSaleChanges, products } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { placeOrder } from '../../../tests/support/checkout.ts';
import { productStock } from '../../../tests/support/product-stock.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { foldRecordedSales, recordSales } from './sales-count.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.close();
});

const sales = async (slug: string) => (await productStock(shop.database.db, slug)).sales;

describe('a potion’s sales figure', () => {
  it('counts a paid order’s units once the count has run, and takes them off again when the order is cancelled', async () => {
    const [nazar, umbra] = [await productStock(shop.database.db, 'nazar'), await productStock(shop.database.db, 'velvet-hex')];
    const customer = await registerCustomer(shop);
    const order = await placeOrder(shop, customer.token, [
      { productId: nazar.id, size: '15ml', quantity: 2 },
      { productId: nazar.id, size: '30ml', quantity: 1 },
      { productId: umbra.id, size: '15ml', quantity: 1 },
    ]);
    expect(await sales('nazar')).toBe(nazar.sales);

    expect(await foldRecordedSales(shop.database.db)).toBe(2);
    expect([await sales('nazar'), await sales('velvet-hex')]).toEqual([nazar.sales + 3, umbra.sales + 1]);
    expect(await shop.database.db.select().from(productSaleChanges)).toEqual([]);

    const admin = await signInAdmin(shop);
    const cancelled = await call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: admin, body: { status: 'cancelled' } });
    expect(cancelled.status).toBe(200);
    await foldRecordedSales(shop.database.db);
    expect([await sales('nazar'), await sales('velvet-hex')]).toEqual([nazar.sales, umbra.sales]);
  });

  it('adds up every change of a product at once, never goes below zero, and a run with nothing recorded changes nothing', async () => {
    const { id } = await productStock(shop.database.db, 'hush');
    await shop.database.db.update(products).set({ sales: 1 }).where(eq(products.id, id));
    await shop.database.db.transaction(async (tx) => {
      await recordSales(tx, [{ productId: id, quantity: 2 }], 1);
      await recordSales(tx, [{ productId: id, quantity: 5 }], -1);
    });
    expect(await foldRecordedSales(shop.database.db)).toBe(1);
    expect(await sales('hush')).toBe(0);
    expect(await foldRecordedSales(shop.database.db)).toBe(0);
    expect(await sales('hush')).toBe(0);
  });

  it('a change recorded in a transaction that rolled back is never counted', async () => {
    const { id, sales: before } = await productStock(shop.database.db, 'owl-hour');
    await expect(
      shop.database.db.transaction(async (tx) => {
        await recordSales(tx, [{ productId: id, quantity: 4 }], 1);
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    await foldRecordedSales(shop.database.db);
    expect(await sales('owl-hour')).toBe(before);
  });
});
