import { describe, expect, it } from 'vitest';
import { billProblems, billTotals } from '../../bill.ts';
import { basketOf, contextOf, line, promotion } from '../test-support.ts';
import { orderPercent } from './order-percent.ts';

describe('percent off the order', () => {
  const { basket, bill } = basketOf(line(1, 999_00), line(2, 1_00, 3));
  const start = { bill, gifts: [], codFeeWaivedBy: null };
  it('takes the percentage of what the basket costs, shared over its lines to the paisa', () => {
    const after = orderPercent.apply({ type: 'order-percent', percentBp: 1500, maximumPaise: null }, start, promotion(), basket, contextOf()).bill;
    expect(billTotals(after).adjustmentsPaise).toBe(Math.round(1002_00 * 0.15));
    expect(after.adjustments[0]).toMatchObject({ kind: 'promotion', label: 'New Moon offer', promotionId: 1 });
    expect(billProblems(after)).toEqual([]);
  });
  it('stops at its maximum', () => {
    const after = orderPercent.apply({ type: 'order-percent', percentBp: 5000, maximumPaise: 100_00 }, start, promotion(), basket, contextOf()).bill;
    expect(billTotals(after).adjustmentsPaise).toBe(100_00);
  });
});
