import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addLine, cartIdOf, cartTotals, keepsCoupon, removeLine, setLineQuantity, type AppliedCoupon, type CartLine } from './cart.ts';

const line = (productId: number, size: string, quantity: number, unitPricePaise: number): CartLine => ({
  cartId: cartIdOf(productId, size),
  productId,
  size,
  quantity,
  unitPricePaise,
});

const festive: AppliedCoupon = { code: 'DIWALI', name: 'Diwali', type: 'percentage', value: 1000, minimumOrderPaise: 200_000 };

describe('cart lines', () => {
  it('merges the same product and size, and keeps sizes apart', () => {
    let lines = addLine([], line(1, '15ml', 1, 99_900));
    lines = addLine(lines, line(1, '15ml', 2, 99_900));
    lines = addLine(lines, line(1, '50ml', 1, 249_900));
    expect(lines.map((entry) => [entry.cartId, entry.quantity])).toEqual([
      ['1-15ml', 3],
      ['1-50ml', 1],
    ]);
  });

  it('removes a line when its quantity drops to zero or below', () => {
    const lines = [line(1, '15ml', 2, 100), line(2, '30ml', 1, 100)];
    expect(setLineQuantity(lines, '1-15ml', 0).map((entry) => entry.cartId)).toEqual(['2-30ml']);
    expect(setLineQuantity(lines, '1-15ml', -3)).toHaveLength(1);
    expect(setLineQuantity(lines, '1-15ml', 5)[0]?.quantity).toBe(5);
    expect(removeLine(lines, '2-30ml').map((entry) => entry.cartId)).toEqual(['1-15ml']);
  });
});

describe('cart totals', () => {
  it('adds lines, applies the coupon and reports emptiness', () => {
    const totals = cartTotals([line(1, '50ml', 1, 249_900), line(2, '15ml', 2, 59_900)], festive);
    expect(totals).toEqual({
      itemCount: 3,
      subtotalPaise: 369_700,
      discountPaise: 36_970,
      discountedSubtotalPaise: 332_730,
      isEmpty: false,
    });
    expect(cartTotals([], null)).toMatchObject({ itemCount: 0, subtotalPaise: 0, isEmpty: true });
  });

  it('never shows a total below zero or a discount above the subtotal', () => {
    const lines = fc.array(
      fc.record({ productId: fc.integer({ min: 1, max: 50 }), size: fc.constantFrom('15ml', '30ml', '50ml'), quantity: fc.integer({ min: 1, max: 99 }), unitPricePaise: fc.integer({ min: 0, max: 1_000_000 }) }),
      { maxLength: 10 },
    );
    const coupon = fc.record({
      code: fc.constant('X'),
      name: fc.constant('X'),
      type: fc.constantFrom<AppliedCoupon['type']>('percentage', 'fixed'),
      value: fc.integer({ min: 0, max: 5_000_000 }),
      maxDiscountPaise: fc.option(fc.integer({ min: 0, max: 5_000_000 }), { nil: null }),
    });
    fc.assert(
      fc.property(lines, coupon, (raw, applied) => {
        const cart = raw.reduce<CartLine[]>((all, entry) => addLine(all, { ...entry, cartId: cartIdOf(entry.productId, entry.size) }), []);
        const totals = cartTotals(cart, applied);
        return (
          totals.discountPaise >= 0 &&
          totals.discountPaise <= totals.subtotalPaise &&
          totals.discountedSubtotalPaise === totals.subtotalPaise - totals.discountPaise
        );
      }),
    );
  });

  it('drops a coupon once the subtotal falls below its minimum', () => {
    expect(keepsCoupon(festive, 200_000)).toBe(true);
    expect(keepsCoupon(festive, 199_999)).toBe(false);
    expect(keepsCoupon(null, 1)).toBe(false);
  });
});
