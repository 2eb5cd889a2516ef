import { describe, expect, it } from 'vitest';
import { basketOf, contextOf, line } from '../test-support.ts';
import { loyaltyLevel } from './loyalty-level.ts';

describe('loyalty level', () => {
  const { basket } = basketOf(line(1, 500_00));
  const spec = { type: 'loyalty-level' as const, levels: ['Potion Adept' as const, 'Mystic Master' as const] };
  it('holds for a signed-in shopper at a named level only', () => {
    const shopper = (level: 'Potion Adept' | 'Scent Seeker') => ({ level, ordersPlaced: 3, uses: new Map() });
    expect(loyaltyLevel.holds(spec, basket, contextOf({ shopper: shopper('Potion Adept') }))).toBe(true);
    expect(loyaltyLevel.holds(spec, basket, contextOf({ shopper: shopper('Scent Seeker') }))).toBe(false);
  });
  it('never holds for a shopper who is not signed in', () => {
    expect(loyaltyLevel.holds(spec, basket, contextOf())).toBe(false);
  });
});
