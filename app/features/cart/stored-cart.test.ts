import { describe, expect, it } from 'vitest';
import { readStoredCart } from './stored-cart.ts';

const line = {
  cartId: '7-50ml',
  productId: 7,
  size: '50ml',
  quantity: 2,
  unitPricePaise: 249_900,
  slug: 'dark-poppy',
  name: 'Dark Poppy',
  image: '/images/dark-poppy.webp',
  addedAt: '2026-11-01T10:00:00.000Z',
};
const coupon = { code: 'SAMHAIN', name: 'Samhain', type: 'percentage', value: 1500, maxDiscountPaise: 50_000, minimumOrderPaise: null };

describe('reading the saved cart back', () => {
  it('gives back the lines and coupon the shop saved', () => {
    expect(readStoredCart({ items: [line], appliedCoupon: coupon })).toEqual({ items: [line], appliedCoupon: coupon, giftCards: [] });
    expect(readStoredCart({ items: [], appliedCoupon: null })).toEqual({ items: [], appliedCoupon: null, giftCards: [] });
  });

  it('gives back the gift cards waiting in it', () => {
    const card = { id: 'a1', amount: 2000, recipientName: 'Meera', recipientEmail: 'meera@deosil.test', message: 'Happy Diwali', deliverOn: '2026-12-01' };
    expect(readStoredCart({ items: [line], appliedCoupon: null, giftCards: [{ ...card, extra: true }] })?.giftCards).toEqual([card]);
    expect(readStoredCart({ items: [line], appliedCoupon: null, giftCards: [{ ...card, amount: 'lots' }] })).toBeNull();
  });

  it('keeps only the fields the shop writes', () => {
    const stored = readStoredCart({ items: [{ ...line, priceChanged: true, problem: 'out-of-stock' }], appliedCoupon: { ...coupon, isActive: true } });
    expect(stored?.items[0]).toEqual(line);
    expect(stored?.appliedCoupon).toEqual(coupon);
  });

  it('accepts a coupon saved without its optional limits', () => {
    const plain = { code: 'FLAT', name: 'Flat', type: 'fixed', value: 10_000 };
    expect(readStoredCart({ items: [line], appliedCoupon: plain })?.appliedCoupon).toEqual(plain);
  });

  it.each([
    ['not an object', 'cart'],
    ['no lines', { appliedCoupon: null }],
    ['no coupon entry', { items: [line] }],
    ['a zero quantity', { items: [{ ...line, quantity: 0 }], appliedCoupon: null }],
    ['a fractional quantity', { items: [{ ...line, quantity: 1.5 }], appliedCoupon: null }],
    ['a negative price', { items: [{ ...line, unitPricePaise: -1 }], appliedCoupon: null }],
    ['a product id of 0', { items: [{ ...line, productId: 0 }], appliedCoupon: null }],
    ['an empty size', { items: [{ ...line, size: '' }], appliedCoupon: null }],
    ['a missing name', { items: [{ ...line, name: undefined }], appliedCoupon: null }],
    ['a price written as text', { items: [{ ...line, unitPricePaise: '2499' }], appliedCoupon: null }],
    ['an unknown coupon type', { items: [line], appliedCoupon: { ...coupon, type: 'bogo' } }],
    ['a coupon value that is not a number', { items: [line], appliedCoupon: { ...coupon, value: Number.NaN } }],
  ])('refuses a cart with %s, so the shopper starts with an empty one', (_case, saved) => {
    expect(readStoredCart(saved)).toBeNull();
  });
});
