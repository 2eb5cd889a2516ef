import { describe, expect, it } from 'vitest';
import { basketOf, contextOf, line, promotion } from '../test-support.ts';
import { linesFixed } from './lines-fixed.ts';

describe('fixed amount off matching lines', () => {
  it('shares the amount over the matching lines only, by what each costs', () => {
    const { basket, bill } = basketOf(line(1, 600_00), line(2, 900_00, 1, { size: '10ml' }), line(3, 200_00));
    const spec = { type: 'lines-fixed' as const, filter: { sizes: ['50ml'] }, amountPaise: 100_00 };
    const after = linesFixed.apply(spec, { bill, gifts: [], codFeeWaivedBy: null }, promotion(), basket, contextOf()).bill;
    expect(after.adjustments[0]!.allocation).toEqual([
      { line: '1-50ml', amountPaise: 75_00 },
      { line: '3-50ml', amountPaise: 25_00 },
    ]);
  });
  it('takes no more than the matching lines cost', () => {
    const { basket, bill } = basketOf(line(1, 60_00), line(2, 900_00, 1, { size: '10ml' }));
    const spec = { type: 'lines-fixed' as const, filter: { sizes: ['50ml'] }, amountPaise: 100_00 };
    expect(linesFixed.apply(spec, { bill, gifts: [], codFeeWaivedBy: null }, promotion(), basket, contextOf()).bill.adjustments[0]!.amountPaise).toBe(60_00);
  });
});
