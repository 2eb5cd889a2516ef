import { describe, expect, it } from 'vitest';
import { billProblems, billTotals } from '../../bill.ts';
import { basketOf, contextOf, line, promotion, VIAL } from '../test-support.ts';
import { freeGift } from './free-gift.ts';

describe('free gift', () => {
  const spec = { type: 'free-gift' as const, productId: 99, size: '2ml', quantity: 1 };
  it('adds the gift as a line at its price with all of it taken off, so the total does not move', () => {
    const { basket, bill } = basketOf(line(1, 1500_00));
    const after = freeGift.apply(spec, { bill, gifts: [], codFeeWaivedBy: null }, promotion(), basket, contextOf());
    expect(after.bill.lines).toContainEqual({ key: '99-2ml:gift', amountPaise: 199_00 });
    expect(after.bill.adjustments[0]).toMatchObject({ label: 'Free Moon Dust (2ml) — New Moon offer', amountPaise: 199_00 });
    expect(billTotals(after.bill).totalPaise).toBe(1500_00);
    expect(after.gifts).toEqual([expect.objectContaining({ productId: 99, size: '2ml', quantity: 1, promotionId: 1 })]);
    expect(billProblems(after.bill)).toEqual([]);
  });
  it('is not given when the gift is sold out, counting the units the basket buys itself', () => {
    const { basket, bill } = basketOf(line(99, 199_00, 10, { size: '2ml' }));
    const state = { bill, gifts: [], codFeeWaivedBy: null };
    expect(freeGift.apply(spec, state, promotion(), basket, contextOf())).toBe(state);
    expect(freeGift.apply(spec, state, promotion(), basket, contextOf({ gifts: new Map([['99-2ml', { ...VIAL, available: 11 }]]) })).gifts).toHaveLength(1);
  });
  it('names the gift in the cart hint', () => {
    expect(freeGift.describe(spec, contextOf())).toBe('a free Moon Dust (2ml)');
  });
});
