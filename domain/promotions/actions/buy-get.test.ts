import { describe, expect, it } from 'vitest';
import { billProblems } from '../../bill.ts';
import { basketOf, contextOf, line, promotion } from '../test-support.ts';
import { buyGet, rewardedUnits } from './buy-get.ts';

describe('buy X get Y', () => {
  const spec = { type: 'buy-get' as const, filter: { categoryIds: ['attars'] }, buy: 2, get: 1, percentBp: 10_000 };
  it('gives the cheapest matching unit free for every three', () => {
    const { basket, bill } = basketOf(line(1, 900_00, 2), line(2, 700_00), line(3, 100_00, 1, { categoryId: 'oils' }));
    const after = buyGet.apply(spec, { bill, gifts: [], codFeeWaivedBy: null }, promotion(), basket, contextOf()).bill;
    expect(after.adjustments[0]!.allocation).toEqual([{ line: '2-50ml', amountPaise: 700_00 }]);
    expect(billProblems(after)).toEqual([]);
  });
  it('counts complete groups only, and takes the cheapest units across lines', () => {
    const lines = [line(1, 900_00, 4), line(2, 500_00, 3)];
    expect(rewardedUnits(spec, lines)).toEqual(new Map([['2-50ml', 2]]));
    expect(rewardedUnits(spec, [line(1, 900_00, 2)])).toEqual(new Map());
  });
  it('can give the rewarded units at a percentage off instead', () => {
    const { basket, bill } = basketOf(line(1, 900_00, 3));
    const half = buyGet.apply({ ...spec, percentBp: 5000 }, { bill, gifts: [], codFeeWaivedBy: null }, promotion(), basket, contextOf()).bill;
    expect(half.adjustments[0]!.amountPaise).toBe(450_00);
    expect(buyGet.describe({ ...spec, percentBp: 5000 }, contextOf())).toBe('buy 2 get 1 at 50% off');
  });
});
