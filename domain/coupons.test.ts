import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountPaise, isFestivalLive, normaliseCouponCode, shortfallPaise, type CouponTerms } from './coupons.ts';

const terms = fc.record({
  type: fc.constantFrom<CouponTerms['type']>('percentage', 'fixed'),
  value: fc.integer({ min: 0, max: 10_000_00 }),
  maxDiscountPaise: fc.option(fc.integer({ min: 0, max: 10_000_00 }), { nil: null }),
  minimumOrderPaise: fc.option(fc.integer({ min: 0, max: 10_000_00 }), { nil: null }),
});
const subtotal = fc.integer({ min: 0, max: 100_000_000 });

describe('discountPaise', () => {
  it('is 15% of the subtotal, rounded to the paisa, for a 15% coupon', () => {
    expect(discountPaise({ type: 'percentage', value: 1500 }, 299_900)).toBe(44_985);
    expect(discountPaise({ type: 'percentage', value: 1250 }, 99_999)).toBe(12_500);
  });

  it('caps a percentage at the maximum discount', () => {
    expect(discountPaise({ type: 'percentage', value: 2000, maxDiscountPaise: 50_000 }, 500_000)).toBe(50_000);
  });

  it('gives a fixed amount, but never more than the subtotal', () => {
    expect(discountPaise({ type: 'fixed', value: 20_000 }, 150_000)).toBe(20_000);
    expect(discountPaise({ type: 'fixed', value: 20_000 }, 15_000)).toBe(15_000);
  });

  it('is never negative, never above the subtotal, and a whole number of paise', () => {
    fc.assert(
      fc.property(terms, subtotal, (coupon, amount) => {
        const discount = discountPaise(coupon, amount);
        return discount >= 0 && discount <= amount && Number.isInteger(discount);
      }),
    );
  });

  it('always respects the cap of a percentage coupon', () => {
    fc.assert(
      fc.property(terms, subtotal, (coupon, amount) => {
        const discount = discountPaise({ ...coupon, type: 'percentage' }, amount);
        return coupon.maxDiscountPaise == null || discount <= coupon.maxDiscountPaise;
      }),
    );
  });

  it('leaves a total that adds back up to the subtotal in paise', () => {
    fc.assert(
      fc.property(terms, subtotal, (coupon, amount) => {
        const discount = discountPaise(coupon, amount);
        const total = amount - discount;
        return total >= 0 && total + discount === amount;
      }),
    );
  });

  it('never grows when the percentage shrinks', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }), subtotal, (a, b, amount) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        return discountPaise({ type: 'percentage', value: low }, amount) <= discountPaise({ type: 'percentage', value: high }, amount);
      }),
    );
  });
});

describe('helpers', () => {
  it('normalises codes and measures shortfalls', () => {
    expect(normaliseCouponCode('  diwali25 ')).toBe('DIWALI25');
    expect(shortfallPaise({ minimumOrderPaise: 150_000 }, 100_000)).toBe(50_000);
    expect(shortfallPaise({ minimumOrderPaise: null }, 0)).toBe(0);
  });

  it('knows when a festival is live, edges included', () => {
    const festival = { isActive: true, startsAt: new Date('2026-11-01T00:00:00Z'), endsAt: new Date('2026-11-05T00:00:00Z') };
    expect(isFestivalLive(festival, new Date('2026-11-01T00:00:00Z'))).toBe(true);
    expect(isFestivalLive(festival, new Date('2026-11-05T00:00:01Z'))).toBe(false);
    expect(isFestivalLive({ ...festival, isActive: false }, new Date('2026-11-02T00:00:00Z'))).toBe(false);
  });
});
