import { describe, expect, it } from 'vitest';
import { billProblems, billTotals } from '../../bill.ts';
import { basketOf, contextOf, line, promotion } from '../test-support.ts';
import { orderFixed } from './order-fixed.ts';

describe('fixed amount off the order', () => {
  const { basket, bill } = basketOf(line(1, 300_00), line(2, 100_00));
  const start = { bill, gifts: [], codFeeWaivedBy: null };
  it('takes the amount, shared by what each line costs', () => {
    const after = orderFixed.apply({ type: 'order-fixed', amountPaise: 200_00 }, start, promotion(), basket, contextOf()).bill;
    expect(after.adjustments[0]!.allocation).toEqual([
      { line: '1-50ml', amountPaise: 150_00 },
      { line: '2-50ml', amountPaise: 50_00 },
    ]);
  });
  it('never takes more than the basket costs', () => {
    const after = orderFixed.apply({ type: 'order-fixed', amountPaise: 1000_00 }, start, promotion(), basket, contextOf()).bill;
    expect(billTotals(after).totalPaise).toBe(0);
    expect(billProblems(after)).toEqual([]);
  });
  it('reads as a rupee amount in the cart hint', () => {
    expect(orderFixed.describe({ type: 'order-fixed', amountPaise: 200_00 }, contextOf())).toBe('₹200 off');
  });
});
