import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billOf, billProblems, billTotals, chargePaise, lineGrossPaise, lineNetPaise, withAdjustment, withCharge, type Bill } from './bill.ts';
import { splitTotal, taxBill, taxLines } from './gst.ts';

const RATES = [0, 500, 1200, 1800, 2800];
const lines = fc.uniqueArray(fc.record({ key: fc.string({ minLength: 1, maxLength: 6 }), amountPaise: fc.integer({ min: 0, max: 2_000_000 }) }), {
  minLength: 1,
  maxLength: 10,
  selector: (line) => line.key,
});
/** An offer: an amount off, limited to the lines whose key's first character code is odd or even, or to all. */
const offer = fc.record({ amountPaise: fc.integer({ min: 0, max: 3_000_000 }), only: fc.constantFrom('all', 'odd', 'even') });
const picks = { all: () => true, odd: (key: string) => key.charCodeAt(0) % 2 === 1, even: (key: string) => key.charCodeAt(0) % 2 === 0 } as const;

function billFrom(
  basket: { key: string; amountPaise: number }[],
  offers: { amountPaise: number; only: keyof typeof picks }[],
  charges: number[],
): Bill {
  let bill = billOf(basket);
  for (const [index, made] of offers.entries()) {
    bill = withAdjustment(bill, { kind: index % 2 ? 'promotion' : 'coupon', label: `Offer ${index}`, amountPaise: made.amountPaise }, (line) =>
      picks[made.only](line.key),
    );
  }
  for (const amountPaise of charges) bill = withCharge(bill, { kind: 'cod-fee', amountPaise });
  return bill;
}

describe('a bill', () => {
  it('keeps its invariants for any basket, offers and charges', () => {
    fc.assert(
      fc.property(
        lines,
        fc.array(offer, { maxLength: 4 }),
        fc.array(fc.integer({ min: 0, max: 20_000 }), { maxLength: 2 }),
        (basket, offers, charges) => {
          const bill = billFrom(basket, offers, charges);
          expect(billProblems(bill)).toEqual([]);
          const totals = billTotals(bill);
          expect(totals.totalPaise).toBe(totals.subtotalPaise - totals.adjustmentsPaise + totals.chargesPaise);
          // What each line is billed adds up to the total, and no line is taken below zero.
          expect(basket.reduce((sum, line) => sum + lineGrossPaise(bill, line.key), 0)).toBe(totals.totalPaise);
          for (const line of basket) expect(lineNetPaise(bill, line.key)).toBeGreaterThanOrEqual(0);
          expect(chargePaise(bill, 'cod-fee')).toBe(charges.reduce((sum, amount) => sum + amount, 0));
        },
      ),
    );
  });

  it('takes an offer only off the lines it applies to, and never more than they cost', () => {
    fc.assert(
      fc.property(lines, offer, (basket, made) => {
        const bill = billFrom(basket, [made], []);
        const eligible = basket.filter((line) => picks[made.only](line.key));
        const eligibleTotal = eligible.reduce((sum, line) => sum + line.amountPaise, 0);
        expect(billTotals(bill).adjustmentsPaise).toBe(Math.min(made.amountPaise, eligibleTotal));
        for (const share of bill.adjustments.flatMap((adjustment) => adjustment.allocation)) {
          expect(picks[made.only](share.line)).toBe(true);
        }
      }),
    );
  });

  it('shares an offer in proportion to what the lines still cost', () => {
    let bill = billOf([
      { key: 'a', amountPaise: 30_000 },
      { key: 'b', amountPaise: 10_000 },
    ]);
    bill = withAdjustment(bill, { kind: 'coupon', label: 'Diwali (DIWALI20)', code: 'DIWALI20', amountPaise: 8_000 });
    expect(bill.adjustments[0]!.allocation).toEqual([
      { line: 'a', amountPaise: 6_000 },
      { line: 'b', amountPaise: 2_000 },
    ]);
    // A second offer shares by what is left: 24,000 and 8,000.
    bill = withAdjustment(bill, { kind: 'promotion', label: 'New Moon', amountPaise: 3_200 });
    expect(bill.adjustments[1]!.allocation).toEqual([
      { line: 'a', amountPaise: 2_400 },
      { line: 'b', amountPaise: 800 },
    ]);
  });

  it('names what is wrong with a bill that does not add up', () => {
    const bill = billOf([{ key: 'a', amountPaise: 1_000 }]);
    const broken: Bill = {
      ...bill,
      adjustments: [{ kind: 'coupon', label: 'Too much', code: null, amountPaise: 1_500, allocation: [{ line: 'a', amountPaise: 1_500 }] }],
      charges: [{ kind: 'cod-fee', label: 'Cash on Delivery fee', amountPaise: 50, allocation: [{ line: 'zz', amountPaise: 40 }] }],
    };
    expect(billProblems(broken)).toEqual([
      'charge "Cash on Delivery fee" allocates 40 of 50',
      'charge "Cash on Delivery fee" is allocated to unknown line zz',
      'line a is reduced below zero',
    ]);
  });

  it('bills a charge with lines that are all free, shared evenly', () => {
    const bill = withCharge(
      billOf([
        { key: 'gift', amountPaise: 0 },
        { key: 'vial', amountPaise: 0 },
      ]),
      { kind: 'cod-fee', amountPaise: 49 },
    );
    expect(bill.charges[0]).toMatchObject({
      label: 'Cash on Delivery fee',
      allocation: [
        { line: 'gift', amountPaise: 25 },
        { line: 'vial', amountPaise: 24 },
      ],
    });
  });
});

describe('the tax of a bill', () => {
  it('adds up to the bill to the paisa, each line at its own rate', () => {
    fc.assert(
      fc.property(
        lines,
        fc.array(offer, { maxLength: 3 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.constantFrom('intra-state', 'inter-state') as fc.Arbitrary<'intra-state' | 'inter-state'>,
        (basket, offers, fee, kind) => {
          const bill = billFrom(basket, offers, [fee]);
          const rates = new Map(basket.map((line, index) => [line.key, RATES[index % RATES.length]!]));
          const taxed = taxBill(bill, (line) => rates.get(line.key)!, kind);
          expect(taxed.reduce((sum, line) => sum + splitTotal(line), 0)).toBe(billTotals(bill).totalPaise);
          taxed.forEach((line, index) => expect(splitTotal(line)).toBe(lineGrossPaise(bill, basket[index]!.key)));
        },
      ),
    );
  });

  it('reads a discount and a fee given as figures exactly as the bill built from them', () => {
    fc.assert(
      fc.property(lines, fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 20_000 }), (basket, percent, fee) => {
        const subtotal = basket.reduce((sum, line) => sum + line.amountPaise, 0);
        const discount = Math.floor((subtotal * percent) / 100);
        const rated = basket.map((line, index) => ({ amountPaise: line.amountPaise, rateBp: RATES[index % RATES.length]! }));
        let bill = withAdjustment(billOf(basket), { kind: 'coupon', label: 'Coupon', amountPaise: discount });
        bill = withCharge(bill, { kind: 'cod-fee', amountPaise: fee });
        const byBill = taxBill(bill, (line) => rated[basket.findIndex((entry) => entry.key === line.key)]!.rateBp, 'inter-state');
        expect(taxLines(rated, discount, 'inter-state', fee)).toEqual(byBill);
      }),
    );
  });
});
