import { describe, expect, it } from 'vitest';
import { festivalOfferText } from './festival-offer.ts';

describe('festivalOfferText', () => {
  it('says what a percentage coupon gives, from which order and up to what', () => {
    expect(festivalOfferText({ couponType: 'percentage', discountPercentage: 15, maxDiscountAmount: 750, minimumOrderAmount: 1999 })).toBe('15% off orders of ₹1,999 or more, up to ₹750');
  });

  it('says what a fixed coupon gives, and leaves out a minimum of nothing', () => {
    expect(festivalOfferText({ couponType: 'fixed', discountPercentage: 200, maxDiscountAmount: null, minimumOrderAmount: 0 })).toBe('₹200 off');
    expect(festivalOfferText({ couponType: 'fixed', discountPercentage: 99.5, maxDiscountAmount: null, minimumOrderAmount: 500 })).toBe('₹99.50 off orders of ₹500 or more');
  });
});
