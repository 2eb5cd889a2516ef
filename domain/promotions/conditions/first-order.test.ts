import { describe, expect, it } from 'vitest';
import { basketOf, contextOf, line } from '../test-support.ts';
import { firstOrder } from './first-order.ts';

describe('first order', () => {
  const { basket } = basketOf(line(1, 500_00));
  const spec = { type: 'first-order' as const };
  it('holds for a signed-in shopper with no orders, not after their first', () => {
    expect(firstOrder.holds(spec, basket, contextOf({ shopper: { level: 'Mystical Novice', ordersPlaced: 0, uses: new Map() } }))).toBe(true);
    expect(firstOrder.holds(spec, basket, contextOf({ shopper: { level: 'Mystical Novice', ordersPlaced: 1, uses: new Map() } }))).toBe(false);
  });
  it('does not hold for a shopper who is not signed in', () => {
    expect(firstOrder.holds(spec, basket, contextOf())).toBe(false);
  });
});
