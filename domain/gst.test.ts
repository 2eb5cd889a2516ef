import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  formatRate,
  isHsnCode,
  numberInWords,
  rateOn,
  scheduleRate,
  rateFromPercent,
  splitInclusive,
  splitTotal,
  sumSplits,
  supplyKind,
  taxLines,
} from './gst.ts';

const RATES = [0, 25, 300, 500, 1200, 1800, 2800];
const basket = fc.array(fc.record({ amountPaise: fc.integer({ min: 1, max: 50_000_00 }), rateBp: fc.constantFrom(...RATES) }), { minLength: 1, maxLength: 12 });
const withDiscount = basket.chain((lines) => {
  const subtotal = lines.reduce((sum, line) => sum + line.amountPaise, 0);
  return fc.tuple(fc.constant(lines), fc.integer({ min: 0, max: subtotal }));
});

describe('tax split from GST-inclusive prices', () => {
  it('₹2,999 at 18 % within the state: taxable ₹2,541.53, CGST ₹228.74, SGST ₹228.73', () => {
    expect(splitInclusive(299_900, 1800, 'intra-state')).toEqual({ taxablePaise: 254_153, cgstPaise: 22_874, sgstPaise: 22_873, igstPaise: 0 });
  });

  it('the same line to another state is IGST ₹457.47', () => {
    expect(splitInclusive(299_900, 1800, 'inter-state')).toEqual({ taxablePaise: 254_153, cgstPaise: 0, sgstPaise: 0, igstPaise: 45_747 });
  });

  it('shares a discount across lines in proportion, then splits each line at its own rate', () => {
    const lines = taxLines(
      [
        { amountPaise: 299_900, rateBp: 1800 },
        { amountPaise: 100_000, rateBp: 1200 },
      ],
      40_000,
      'inter-state',
    );
    expect(lines.map((line) => line.discountPaise)).toEqual([29_997, 10_003]);
    expect(lines.map((line) => line.grossPaise)).toEqual([269_903, 89_997]);
    expect(lines[1]).toMatchObject({ taxablePaise: 80_354, igstPaise: 9_643 });
  });

  it('taxes a Cash on Delivery fee with the goods: shared across the lines by what is paid for each, at their rates', () => {
    const lines = taxLines(
      [
        { amountPaise: 299_900, rateBp: 1800 },
        { amountPaise: 100_000, rateBp: 1200 },
      ],
      40_000,
      'intra-state',
      4_900,
    );
    expect(lines.map((line) => line.chargesPaise)).toEqual([3_675, 1_225]);
    expect(lines.map((line) => line.grossPaise)).toEqual([273_578, 91_222]);
    // The invoice adds up to what the courier collects: ₹3,999 − ₹400 discount + ₹49 fee.
    expect(splitTotal(sumSplits(lines))).toBe(364_800);
  });

  it('a basket discounted to nothing still carries its fee', () => {
    const lines = taxLines([{ amountPaise: 10_000, rateBp: 1800 }], 10_000, 'inter-state', 4_900);
    expect(lines[0]).toMatchObject({ grossPaise: 4_900, chargesPaise: 4_900, taxablePaise: 4_153, igstPaise: 747 });
  });

  it('for any basket, discount, fee and rates, the lines add up to the amount charged to the paisa', () => {
    fc.assert(
      fc.property(withDiscount, fc.constantFrom('intra-state' as const, 'inter-state' as const), fc.integer({ min: 0, max: 100_000 }), ([lines, discount], kind, fee) => {
        const taxed = taxLines(lines, discount, kind, fee);
        const charged = lines.reduce((sum, line) => sum + line.amountPaise, 0) - discount + fee;
        expect(taxed.reduce((sum, line) => sum + line.discountPaise, 0)).toBe(discount);
        expect(taxed.reduce((sum, line) => sum + line.chargesPaise, 0)).toBe(fee);
        expect(splitTotal(sumSplits(taxed))).toBe(charged);
        for (const line of taxed) {
          expect(splitTotal(line)).toBe(line.grossPaise);
          expect(line.grossPaise).toBeGreaterThanOrEqual(0);
          expect(line.taxablePaise).toBeGreaterThanOrEqual(0);
          // The taxable value is the gross amount ÷ (1 + rate), to the nearest paisa.
          expect(Math.abs(line.taxablePaise * (10_000 + line.rateBp) - line.grossPaise * 10_000)).toBeLessThanOrEqual((10_000 + line.rateBp) / 2);
        }
      }),
    );
  });

  it('within the state: CGST and SGST are equal or CGST one paisa more, and no IGST', () => {
    fc.assert(
      fc.property(withDiscount, ([lines, discount]) => {
        for (const line of taxLines(lines, discount, 'intra-state')) {
          expect(line.igstPaise).toBe(0);
          expect([0, 1]).toContain(line.cgstPaise - line.sgstPaise);
        }
      }),
    );
  });

  it('to another state: IGST only', () => {
    fc.assert(
      fc.property(withDiscount, ([lines, discount]) => {
        for (const line of taxLines(lines, discount, 'inter-state')) {
          expect(line.cgstPaise + line.sgstPaise).toBe(0);
        }
      }),
    );
  });

  it('a line at 0 % is all taxable value', () => {
    expect(splitInclusive(12_345, 0, 'intra-state')).toEqual({ taxablePaise: 12_345, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
  });

  it('refuses a discount beyond the basket and rates outside 0–100 %', () => {
    expect(() => taxLines([{ amountPaise: 100, rateBp: 1800 }], 101, 'intra-state')).toThrow(RangeError);
    expect(() => taxLines([{ amountPaise: 100, rateBp: 1800 }], 0, 'intra-state', -1)).toThrow(RangeError);
    expect(() => splitInclusive(100, 10_001, 'intra-state')).toThrow(RangeError);
  });
});

describe('place of supply', () => {
  it('is intra-state only when the state is the seller’s', () => {
    expect(supplyKind('29', '29')).toBe('intra-state');
    expect(supplyKind('29', '27')).toBe('inter-state');
    expect(supplyKind('29', null)).toBe('inter-state');
  });
});

describe('words and figures', () => {
  it.each([
    [0, 'Zero'],
    [19, 'Nineteen'],
    [254, 'Two Hundred Fifty-Four'],
    [2_541, 'Two Thousand Five Hundred Forty-One'],
    [1_25_000, 'One Lakh Twenty-Five Thousand'],
    [12_34_56_789, 'Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine'],
  ])('%d is %s', (n, words) => {
    expect(numberInWords(n)).toBe(words);
  });

  it('says a total in rupees and paise', () => {
    expect(amountInWords(254_115)).toBe('Rupees Two Thousand Five Hundred Forty-One and Fifteen Paise Only');
    expect(amountInWords(300_000)).toBe('Rupees Three Thousand Only');
  });

  it('writes and reads rates and HSN codes', () => {
    expect(formatRate(1800)).toBe('18%');
    expect(formatRate(25)).toBe('0.25%');
    expect(rateFromPercent(18)).toBe(1800);
    expect(rateFromPercent(0.25)).toBe(25);
    expect(rateFromPercent(12.345)).toBeNull();
    expect(rateFromPercent(101)).toBeNull();
    expect(isHsnCode('3303')).toBe(true);
    expect(isHsnCode('33030010')).toBe(true);
    expect(isHsnCode('333')).toBe(false);
    expect(isHsnCode('3303A')).toBe(false);
  });
});

describe('a product’s rate over time', () => {
  const today = '2026-11-24';
  it('a rate set from a later date leaves earlier sales at the old rate', () => {
    const tax = scheduleRate({ gstRateBp: 1800, gstRateFrom: null, previousGstRateBp: null }, 1200, '2026-12-01', today);
    expect(tax).toEqual({ gstRateBp: 1200, gstRateFrom: '2026-12-01', previousGstRateBp: 1800 });
    expect(rateOn(tax, '2026-11-30')).toBe(1800);
    expect(rateOn(tax, '2026-12-01')).toBe(1200);
  });

  it('a rate set from today or earlier applies at once', () => {
    const tax = scheduleRate({ gstRateBp: 1800, gstRateFrom: null, previousGstRateBp: null }, 500, today, today);
    expect(rateOn(tax, today)).toBe(500);
    expect(tax.previousGstRateBp).toBeNull();
  });
});
