import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../contracts/products.ts';
import { products, promotions, promotionUses } from '../../db/schema/index.ts';
import { festivalCouponByCode } from '../../../tests/support/festivals.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { createPaymentOrder } from '../../../tests/support/checkout.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

/** Capped promotions on a PostgreSQL server, where checkouts really run side by side. */
let shop: TestShop;
let valor: Product;

beforeAll(async () => {
  shop = await startTestShop({ clock: () => new Date('2026-11-21T10:00:00+05:30') });
  valor = (await shop.app.inject({ method: 'GET', url: '/api/products/valor' })).json().product;
  await shop.database.db.update(products).set({ inventory: 500 }).where(eq(products.id, valor.id));
});
afterAll(async () => {
  await shop?.close();
});

describe('a promotion capped at 3 uses', () => {
  it('30 shoppers at once: 3 get it, the others are told before paying, and the count never passes the cap', async () => {
    const admin = await signInAdmin(shop);
    const made = await call(shop, 'POST', '/api/admin/promotions', {
      token: admin,
      body: { name: 'First three', actions: [{ type: 'order-fixed', amount: 100 }], startsAt: '2026-11-01T00:00:00.000Z', usageLimit: 3 },
    });
    expect(made.status).toBe(201);
    const id = (made.body.promotion as { id: number }).id;
    const shoppers = await Promise.all(Array.from({ length: 30 }, () => registerCustomer(shop)));
    // Every shopper priced the basket while the offer was there for all of them.
    const created = await Promise.all(shoppers.map((shopper) => createPaymentOrder(shop, shopper.token, [{ productId: valor.id, size: '15ml', quantity: 1 }])));
    const price = valor.sizes.find((size) => size.size === '15ml')!.price;
    const discounted = created.filter((response) => response.status === 200 && response.body.amount === Math.round((price - 100) * 100) / 100);
    const refused = created.filter((response) => response.status === 409);
    const full = created.filter((response) => response.status === 200 && response.body.amount === price);
    expect(discounted).toHaveLength(3);
    // The rest either lost the race at the cap (told to review their cart) or were priced after it was reached.
    expect(refused.length + full.length).toBe(27);
    for (const response of refused) expect(response.body.errors).toEqual([{ field: 'items', message: 'The offer "First three" has been used up: please review your cart' }]);
    const [row] = await shop.database.db.select().from(promotions).where(eq(promotions.id, id));
    expect(row!.usedCount).toBe(3);
    expect(await shop.database.db.select().from(promotionUses).where(eq(promotionUses.promotionId, id))).toHaveLength(3);
  });
});

describe('a festival coupon with 3 uses left, as the migration leaves one that had used 1 of 4', () => {
  it('30 shoppers at once: 3 get it, the others are refused in the coupon’s words, and the count stops at the cap', async () => {
    const admin = await signInAdmin(shop);
    const made = await call(shop, 'POST', '/api/admin/festivals', {
      token: admin,
      body: {
        name: 'Amavasya',
        description: 'Four lamps on the darkest night.',
        bannerImage: '/images/potions/valor.svg',
        startDate: '2026-11-01T00:00:00.000Z',
        endDate: '2026-12-01T00:00:00.000Z',
        festivalCode: 'AMAVASYA4',
        couponType: 'fixed',
        discountPercentage: 100,
        usageLimit: 4,
      },
    });
    expect(made.status).toBe(201);
    // One use counted before: the promotion underneath carries the festival's count.
    await shop.database.db.update(promotions).set({ usedCount: 1 }).where(eq(promotions.code, 'AMAVASYA4'));
    const shoppers = await Promise.all(Array.from({ length: 30 }, () => registerCustomer(shop)));
    const line = [{ productId: valor.id, size: '15ml', quantity: 1 }];
    const created = await Promise.all(shoppers.map((shopper) => createPaymentOrder(shop, shopper.token, line, { couponCode: 'AMAVASYA4' })));
    const price = valor.sizes.find((size) => size.size === '15ml')!.price;
    const discounted = created.filter((response) => response.status === 200 && response.body.amount === Math.round((price - 100) * 100) / 100);
    expect(discounted).toHaveLength(3);
    // The rest lost the race at the cap (409) or were priced after it was reached (400), told on the coupon box.
    const refused = created.filter((response) => response.status === 409 || response.status === 400);
    expect(refused).toHaveLength(27);
    for (const response of refused) expect(response.body.errors).toEqual([{ field: 'couponCode', message: expect.stringMatching(/reached its usage limit$/) }]);
    const coupon = await festivalCouponByCode(shop.database.db, 'AMAVASYA4');
    expect(coupon!.usedCount).toBe(4);
    expect(await shop.database.db.select().from(promotionUses).where(eq(promotionUses.promotionId, coupon!.id))).toHaveLength(3);
  });
});
