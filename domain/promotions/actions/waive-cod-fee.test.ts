import { describe, expect, it } from 'vitest';
import { basketOf, contextOf, line, promotion } from '../test-support.ts';
import { waiveCodFee } from './waive-cod-fee.ts';

describe('waive the Cash on Delivery fee', () => {
  it('marks the fee waived by the promotion and leaves the bill alone', () => {
    const { basket, bill } = basketOf(line(1, 500_00));
    const after = waiveCodFee.apply({ type: 'waive-cod-fee' }, { bill, gifts: [], codFeeWaivedBy: null }, promotion({ id: 4, name: 'COD on us' }), basket, contextOf());
    expect(after.codFeeWaivedBy).toEqual({ promotionId: 4, label: 'COD on us' });
    expect(after.bill).toBe(bill);
  });
});
