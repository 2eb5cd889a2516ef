import { describe, expect, it } from 'vitest';
import { billProblems } from '../../bill.ts';
import { basketOf, contextOf, line, promotion } from '../test-support.ts';
import { linesPercent } from './lines-percent.ts';

describe('percent off matching lines', () => {
  it('takes the percentage off each matching line only', () => {
    const { basket, bill } = basketOf(line(1, 1000_00), line(2, 555_55, 1, { categoryId: 'oils' }), line(3, 333_33, 3));
    const spec = { type: 'lines-percent' as const, filter: { categoryIds: ['attars'] }, percentBp: 1500 };
    const after = linesPercent.apply(spec, { bill, gifts: [], codFeeWaivedBy: null }, promotion(), basket, contextOf()).bill;
    expect(after.adjustments[0]!.allocation).toEqual([
      { line: '1-50ml', amountPaise: 150_00 },
      { line: '3-50ml', amountPaise: Math.round(999_99 * 0.15) },
    ]);
    expect(billProblems(after)).toEqual([]);
  });
  it('leaves the bill as it was when no line matches', () => {
    const { basket, bill } = basketOf(line(1, 1000_00));
    const state = { bill, gifts: [], codFeeWaivedBy: null };
    expect(linesPercent.apply({ type: 'lines-percent', filter: { productIds: [7] }, percentBp: 1500 }, state, promotion(), basket, contextOf())).toEqual(state);
  });
});
