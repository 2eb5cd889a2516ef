import { describe, expect, it } from 'vitest';
import { basketOf, contextOf, line } from '../test-support.ts';
import { minimumSubtotal } from './minimum-subtotal.ts';

describe('minimum subtotal', () => {
  const spec = { type: 'minimum-subtotal' as const, amountPaise: 1499_00 };
  it('holds from the amount up, counting every unit at its price', () => {
    expect(minimumSubtotal.holds(spec, basketOf(line(1, 749_50, 2)).basket, contextOf())).toBe(true);
    expect(minimumSubtotal.holds(spec, basketOf(line(1, 749_49, 2)).basket, contextOf())).toBe(false);
  });
  it('says how much more the basket needs, and nothing once it is there', () => {
    expect(minimumSubtotal.shortfallPaise!(spec, basketOf(line(1, 1149_00)).basket)).toBe(350_00);
    expect(minimumSubtotal.shortfallPaise!(spec, basketOf(line(1, 1500_00)).basket)).toBe(0);
  });
});
