import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import { checkouts, orders, productSizes, products, promotions } from '../../db/schema/index.ts';
import { insertFestivalWithCoupon, switchFestival } from '../../../tests/support/festivals.ts';
import { registerCustomer } from '../../../tests/support/accounts.ts';
import { createPaymentOrder, sandboxPay, verifyPayment } from '../../../tests/support/checkout.ts';
import { productStock } from '../../../tests/support/product-stock.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { foldRecordedSales } from '../products/sales-count.ts';
import { releaseExpiredHolds } from './checkout-holds.ts';

/** Stock held during checkout, on a PostgreSQL server where checkouts really run side by side. */
let shop: TestShop;
let now = new Date('2026-11-20T12:00:00+05:30');
const HOLD_MS = 15 * 60 * 1000;

const potion = (slug: string) => productStock(shop.database.db, slug);
async function stock(slug: string, inventory: number) {
  await shop.database.db.update(products).set({ inventory }).where(eq(products.slug, slug));
  return (await potion(slug)).id;
}
const providerOrderOf = (created: { body: Record<string, unknown> }) => (created.body.razorpayOrder as { id: string }).id;

beforeAll(async () => {
  shop = await startTestShop({ clock: () => now });
});
afterAll(async () => {
  await shop?.close();
});

describe('stock held while paying', () => {
  it('30 shoppers at once for the last 3 units: 3 holds, 27 told before paying, 3 orders and no refund case', async () => {
    const id = await stock('dark-poppy', 3);
    const salesBefore = (await potion('dark-poppy')).sales;
    const shoppers = await Promise.all(Array.from({ length: 30 }, () => registerCustomer(shop)));
    const created = await Promise.all(shoppers.map((shopper) => createPaymentOrder(shop, shopper.token, [{ productId: id, size: '30ml', quantity: 1 }])));
    const held = created.filter((response) => response.status === 200);
    const refused = created.filter((response) => response.status === 409);
    expect(held).toHaveLength(3);
    expect(refused).toHaveLength(27);
    for (const response of refused) {
      expect(response.body.errors).toEqual([{ field: 'items.0.quantity', message: expect.stringMatching(/^(Only [12] of Dark Poppy left|Dark Poppy is sold out)$/) }]);
    }
    expect(await potion('dark-poppy')).toMatchObject({ inventory: 0, held: 3, inStock: false });

    const paid = await Promise.all(
      created.map(async (response, index) => {
        if (response.status !== 200) return null;
        const confirmation = await sandboxPay(shop, shoppers[index]!.token, providerOrderOf(response));
        return (await verifyPayment(shop, shoppers[index]!.token, confirmation)).body.order as Order;
      }),
    );
    const orders = paid.filter((order): order is Order => order !== null);
    expect(orders.map((order) => [order.status, order.paymentStatus])).toEqual(Array(3).fill(['pending', 'paid']));
    await foldRecordedSales(shop.database.db);
    expect(await potion('dark-poppy')).toMatchObject({ inventory: 0, held: 0, sales: salesBefore + 3 });
  });

  it('paying for held units takes no lock on the potion’s row, so a best seller’s payments never queue on it', async () => {
    const id = await stock('valor', 5);
    const shopper = await registerCustomer(shop);
    const created = await createPaymentOrder(shop, shopper.token, [{ productId: id, size: '15ml', quantity: 1 }]);
    const confirmation = await sandboxPay(shop, shopper.token, providerOrderOf(created));
    // Another transaction holds the row as a checkout holding units does until its commit (an update's lock) while
    // the payment is verified; were the verification to wait on it, the race below would end it after ten seconds.
    const verified = await shop.database.db.transaction(async (tx) => {
      await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('no key update');
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('the verification waited on the potion’s row')), 10_000);
      });
      try {
        return await Promise.race([verifyPayment(shop, shopper.token, confirmation), waited]);
      } finally {
        clearTimeout(timer);
      }
    });
    expect(verified.body.order).toMatchObject({ status: 'pending', paymentStatus: 'paid' });
    expect(await potion('valor')).toMatchObject({ inventory: 4, held: 0 });
  });

  it('a basket with the same potion in two sizes is refused before payment when together they exceed the stock', async () => {
    const id = await stock('hush', 2);
    const shopper = await registerCustomer(shop);
    const created = await createPaymentOrder(shop, shopper.token, [
      { productId: id, size: '15ml', quantity: 2 },
      { productId: id, size: '30ml', quantity: 2 },
    ]);
    expect(created.status).toBe(409);
    expect(created.body.errors).toEqual([{ field: 'items.1.quantity', message: expect.stringMatching(/Hush/) }]);
    expect(await potion('hush')).toMatchObject({ inventory: 2, held: 0 });
    const [checkout] = await shop.database.db.select().from(checkouts).where(eq(checkouts.userId, shopper.user.id));
    expect(checkout).toBeUndefined();
  });

  it('gives the units back when the hold expires (fixed clock), and a late payment still becomes an order while stock allows', async () => {
    const id = await stock('owl-hour', 2);
    const shopper = await registerCustomer(shop);
    const created = await createPaymentOrder(shop, shopper.token, [{ productId: id, size: '15ml', quantity: 2 }]);
    expect(created.status).toBe(200);
    expect(await potion('owl-hour')).toMatchObject({ inventory: 0, held: 2 });

    expect(await releaseExpiredHolds(shop.database.db, new Date(now.getTime() + HOLD_MS - 1000))).toBe(0);
    expect(await potion('owl-hour')).toMatchObject({ inventory: 0, held: 2 });
    expect(await releaseExpiredHolds(shop.database.db, new Date(now.getTime() + HOLD_MS))).toBe(1);
    expect(await potion('owl-hour')).toMatchObject({ inventory: 2, held: 0 });
    // Run again, nothing more comes back.
    expect(await releaseExpiredHolds(shop.database.db, new Date(now.getTime() + 2 * HOLD_MS))).toBe(0);

    const confirmation = await sandboxPay(shop, shopper.token, providerOrderOf(created));
    const verified = await verifyPayment(shop, shopper.token, confirmation);
    expect(verified.body.order).toMatchObject({ status: 'pending', paymentStatus: 'paid' });
    expect(await potion('owl-hour')).toMatchObject({ inventory: 0, held: 0 });
  });

  it('a failed payment gives its units back at once', async () => {
    const id = await stock('chrysalis', 1);
    const shopper = await registerCustomer(shop);
    const created = await createPaymentOrder(shop, shopper.token, [{ productId: id, size: '15ml', quantity: 1 }]);
    expect(await potion('chrysalis')).toMatchObject({ inventory: 0, held: 1 });
    const { call } = await import('../../../tests/support/accounts.ts');
    await call(shop, 'POST', '/api/payments/sandbox/pay', { token: shopper.token, body: { razorpay_order_id: providerOrderOf(created), outcome: 'failure' } });
    expect(await potion('chrysalis')).toMatchObject({ inventory: 1, held: 0 });
  });

  it('holds a limited coupon’s use, and a checkout that expired loses the discount of a festival switched off since', async () => {
    const id = await stock('first-rain', 10);
    await shop.database.db.update(products).set({ pricePaise: 150_000 }).where(eq(products.id, id));
    await shop.database.db.update(productSizes).set({ pricePaise: 150_000 }).where(eq(productSizes.productId, id));
    const { festival, coupon } = await insertFestivalWithCoupon(shop.database.db, {
      name: 'Ekadashi',
      festivalCode: 'EKADASHI1',
      couponType: 'fixed',
      discountValue: 10_000,
      usageLimit: 1,
      startDate: new Date('2026-11-01T00:00:00Z'),
      endDate: new Date('2026-12-01T00:00:00Z'),
    });
    const [first, second] = [await registerCustomer(shop), await registerCustomer(shop)];
    const line = [{ productId: id, size: '15ml', quantity: 1 }];
    const held = await createPaymentOrder(shop, first.token, line, { couponCode: 'EKADASHI1' });
    expect(held.status).toBe(200);
    const refused = await createPaymentOrder(shop, second.token, line, { couponCode: 'EKADASHI1' });
    // Its one use is held: the coupon reads as used up (400 when seen while pricing, 409 when lost in a race).
    expect([400, 409]).toContain(refused.status);
    expect(refused.body.errors).toEqual([{ field: 'couponCode', message: expect.stringMatching(/usage limit/) }]);

    await releaseExpiredHolds(shop.database.db, new Date(now.getTime() + HOLD_MS));
    expect((await shop.database.db.select().from(promotions).where(eq(promotions.id, coupon.id)))[0]!.usedCount).toBe(0);
    await switchFestival(shop.database.db, festival.id, false);
    now = new Date(now.getTime() + HOLD_MS + 60_000);
    const verified = await verifyPayment(shop, first.token, await sandboxPay(shop, first.token, providerOrderOf(held)));
    expect(verified.body.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_pending' });
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.id, (verified.body.order as Order).id));
    expect(order!.holdsStock).toBe(false);
    expect(await potion('first-rain')).toMatchObject({ inventory: 10, held: 0 });
  });
});
