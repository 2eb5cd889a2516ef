import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPaise, formatRupees, paiseToRupees, rupeesToPaise, shareOut } from './money.ts';

describe('money', () => {
  it('converts rupees to whole paise without float drift', () => {
    expect(rupeesToPaise(1499)).toBe(149900);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(rupeesToPaise(10.005)).toBe(1001);
    expect(paiseToRupees(149950)).toBe(1499.5);
  });

  it('refuses amounts that are not numbers', () => {
    expect(() => rupeesToPaise(Number.NaN)).toThrow(RangeError);
    expect(() => rupeesToPaise(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('formats rupees with Indian digit grouping', () => {
    expect(formatRupees(123456.5)).toBe('₹1,23,456.50');
    expect(formatPaise(149900)).toBe('₹1,499.00');
  });

  it('writes the same figures as Intl en-IN rupees for every grouping length and sign', () => {
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    for (const amount of [0, 0.5, 7, 99.99, 100, 999.995, 1000, 12345.67, 123456, 1234567.89, 98765432.1, 1234567890.12, -1, -123456.78]) {
      expect(formatRupees(amount)).toBe(intl.format(amount));
    }
  });

  it('uses compact notation only from one lakh upwards when asked', () => {
    expect(formatRupees(99999, { compact: true })).toBe('₹99,999.00');
    expect(formatRupees(100000, { compact: true })).toBe('₹1 L');
    expect(formatRupees(250000, { compact: true })).toBe('₹2.5 L');
    expect(formatRupees(1234567, { compact: true })).toBe('₹12.35 L');
    expect(formatRupees(9999999, { compact: true })).toBe('₹1 Cr');
    expect(formatRupees(34000000, { compact: true })).toBe('₹3.4 Cr');
    expect(formatRupees(12345678901, { compact: true })).toBe('₹1,234.57 Cr');
    expect(formatRupees(-250000, { compact: true })).toBe('-₹2.5 L');
    expect(formatRupees(250000)).toBe('₹2,50,000.00');
  });
});

describe('sharing an amount out', () => {
  it('shares out an amount exactly whatever the weights', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 20 }), (amount, weights) => {
        const parts = shareOut(amount, weights);
        expect(parts.reduce((sum, part) => sum + part, 0)).toBe(amount);
        parts.forEach((part, index) => expect(Math.abs(part - (amount * weights[index]!) / weights.reduce((a, b) => a + b, 0))).toBeLessThan(1));
      }),
    );
  });
});
