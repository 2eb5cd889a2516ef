import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { festivalCouponByCode, insertFestivalWithCoupon } from '../../../tests/support/festivals.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

const NOW = new Date('2026-11-21T10:00:00+05:30');
const DAY = 24 * 60 * 60 * 1000;
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop({ clock: () => NOW });
  const at = (days: number) => new Date(NOW.getTime() + days * DAY);
  for (const festival of [
    { name: 'Deepam', festivalCode: 'DEEPAM15', couponType: 'percentage', discountValue: 1500, maxDiscountPaise: 75_000, minimumOrderPaise: 199_900, usageLimit: 10, startDate: at(-1), endDate: at(10), priority: 9 },
    { name: 'Solstice', festivalCode: 'SOLSTICE300', couponType: 'fixed', discountValue: 30_000, minimumOrderPaise: 0, startDate: at(-1), endDate: at(10), priority: 5 },
    { name: 'Moon Night', festivalCode: null, startDate: at(-1), endDate: at(3), priority: 4 },
    { name: 'Paused', festivalCode: 'PAUSED', isActive: false, startDate: at(-1), endDate: at(3), priority: 8 },
    { name: 'Holi', festivalCode: 'HOLI20', discountValue: 2000, startDate: at(-30), endDate: at(-20), priority: 7 },
    { name: 'Soon', festivalCode: 'SOON10', discountValue: 1000, startDate: at(2), endDate: at(9), priority: 7 },
    { name: 'Gone', festivalCode: 'GONE', discountValue: 1000, usageLimit: 2, usedCount: 2, startDate: at(-1), endDate: at(9), priority: 3 },
  ] as const) {
    await insertFestivalWithCoupon(shop.database.db, festival);
  }
});
afterAll(async () => {
  await shop?.close();
});

const validate = (body: unknown) => shop.app.inject({ method: 'POST', url: '/api/coupons/validate', payload: body as object });

describe('GET /api/festivals/active', () => {
  it('lists live festivals only, highest priority first', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/festivals/active' });
    expect(response.statusCode).toBe(200);
    const names = response.json().festivals.map((festival: { name: string }) => festival.name);
    expect(names).toEqual(['Deepam', 'Solstice', 'Moon Night', 'Gone']);
    const deepam = response.json().festivals[0];
    expect(deepam).toMatchObject({ festivalCode: 'DEEPAM15', couponType: 'percentage', discountPercentage: 15, maxDiscountAmount: 750, minimumOrderAmount: 1999 });
  });
});

describe('POST /api/coupons/validate', () => {
  it('accepts a live percentage coupon in any case and computes the discount', async () => {
    const response = await validate({ couponCode: ' deepam15 ', orderAmount: 2999 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      coupon: { code: 'DEEPAM15', name: 'Deepam', discountAmount: 449.85, discountPercentage: 15, couponType: 'percentage', minimumOrderAmount: 1999, maxDiscountAmount: 750 },
    });
  });

  it('caps a percentage discount and never gives a fixed one above the order', async () => {
    expect((await validate({ couponCode: 'DEEPAM15', orderAmount: 20000 })).json().coupon.discountAmount).toBe(750);
    expect((await validate({ couponCode: 'SOLSTICE300', orderAmount: 250 })).json().coupon.discountAmount).toBe(250);
  });

  it.each([
    ['NOPE', 1000, 404, 'Invalid coupon code'],
    ['PAUSED', 5000, 422, 'no longer active'],
    ['HOLI20', 5000, 422, 'expired'],
    ['SOON10', 5000, 422, 'opens on'],
    ['GONE', 5000, 422, 'usage limit'],
    ['DEEPAM15', 1000, 422, 'Add ₹999.00 more'],
  ])('refuses %s on ₹%d with %d and a clear message', async (couponCode, orderAmount, status, message) => {
    const response = await validate({ couponCode, orderAmount });
    expect(response.statusCode).toBe(status);
    expect(response.json().success).toBe(false);
    expect(response.json().message).toContain(message);
  });

  it.each([
    [{ orderAmount: 100 }, 'couponCode'],
    [{ couponCode: '', orderAmount: 100 }, 'couponCode'],
    [{ couponCode: 'X'.repeat(10_240), orderAmount: 100 }, 'couponCode'],
    [{ couponCode: "' OR 1=1 --", orderAmount: 100 }, 'couponCode'],
    [{ couponCode: 'DEEPAM15', orderAmount: '100' }, 'orderAmount'],
    [{ couponCode: 'DEEPAM15', orderAmount: -1 }, 'orderAmount'],
  ])('rejects bad input %j naming %s', async (body, field) => {
    const response = await validate(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((error: { field: string }) => error.field)).toContain(field);
  });

  it('does not count a use when only validating', async () => {
    await validate({ couponCode: 'DEEPAM15', orderAmount: 5000 });
    const row = await festivalCouponByCode(shop.database.db, 'DEEPAM15');
    expect(row?.usedCount).toBe(0);
  });
});
