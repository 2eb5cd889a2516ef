import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditNoteLinesFor, openLines, type CreditedLine, type InvoicedLine, type ReturnedUnits } from './credit-notes.ts';
import { billOf, billTotals, withAdjustment, withCharge } from './bill.ts';
import { sumSplits, taxBill, type SupplyKind } from './gst.ts';
import { returnRefundPaise } from './returns.ts';

/** An invoice as the shop issues it: the lines' prices, the discount and the COD fee allocated by the bill and split. */
function invoice(lines: readonly { quantity: number; unitPaise: number; rateBp: number }[], discountPaise: number, kind: SupplyKind, feePaise = 0) {
  const items = lines.map((line, index) => ({ id: index + 1, key: String(index + 1), quantity: line.quantity, lineTotalPaise: line.quantity * line.unitPaise }));
  let bill = billOf(items.map((item) => ({ key: item.key, amountPaise: item.lineTotalPaise })));
  bill = withCharge(withAdjustment(bill, { kind: 'coupon', label: 'Discount', amountPaise: discountPaise }), { kind: 'cod-fee', amountPaise: feePaise });
  const taxed = taxBill(bill, (line) => lines[Number(line.key) - 1]!.rateBp, kind);
  const invoiced: InvoicedLine[] = taxed.map((line, index) => ({ orderItemId: index + 1, quantity: items[index]!.quantity, rateBp: line.rateBp, taxablePaise: line.taxablePaise, cgstPaise: line.cgstPaise, sgstPaise: line.sgstPaise, igstPaise: line.igstPaise }));
  return { items, invoiced, bill, totalPaise: billTotals(bill).totalPaise };
}

const grossOf = (line: { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number }) => line.taxablePaise + line.cgstPaise + line.sgstPaise + line.igstPaise;

describe('a credit note for returned potions', () => {
  // Da Bomb ₹2,499 at 18 % and Dark Poppy ₹2,099 at 12 %, one each, with ₹200 off, within the seller's state.
  const sale = invoice(
    [
      { quantity: 1, unitPaise: 249_900, rateBp: 1800 },
      { quantity: 1, unitPaise: 209_900, rateBp: 1200 },
    ],
    20_000,
    'intra-state',
  );

  it('credits only the returned line, with its units, its share of the discount and its own rate', () => {
    const returned = [{ orderItemId: 1, quantity: 1 }];
    const refund = returnRefundPaise(sale.bill, sale.items, returned);
    const note = creditNoteLinesFor(openLines(sale.invoiced, []), refund, 'intra-state', returned);
    expect(note).toHaveLength(1);
    expect(note[0]).toMatchObject({ orderItemId: 1, quantity: 1, rateBp: 1800, grossPaise: refund });
    // The whole line comes back: what the invoice charged for it, to the paisa, reversed as it was taxed.
    expect(note[0]).toMatchObject({ taxablePaise: sale.invoiced[0]!.taxablePaise, cgstPaise: sale.invoiced[0]!.cgstPaise, sgstPaise: sale.invoiced[0]!.sgstPaise });
  });

  it('one unit of three credits one unit, at the line’s rate', () => {
    const three = invoice([{ quantity: 3, unitPaise: 99_900, rateBp: 1800 }], 0, 'inter-state');
    const returned = [{ orderItemId: 1, quantity: 1 }];
    const note = creditNoteLinesFor(openLines(three.invoiced, []), 99_900, 'inter-state', returned);
    expect(note).toEqual([{ orderItemId: 1, quantity: 1, rateBp: 1800, grossPaise: 99_900, taxablePaise: 84_661, cgstPaise: 0, sgstPaise: 0, igstPaise: 15_239 }]);
  });

  it('a cancellation after a return credits what the invoice still holds, with the units that stayed', () => {
    const returned = [{ orderItemId: 1, quantity: 1 }];
    const refund = returnRefundPaise(sale.bill, sale.items, returned);
    const first = creditNoteLinesFor(openLines(sale.invoiced, []), refund, 'intra-state', returned);
    const open = openLines(sale.invoiced, first);
    const rest = creditNoteLinesFor(open, sale.totalPaise - refund, 'intra-state');
    expect(rest.map((line) => [line.orderItemId, line.quantity])).toEqual([[2, 1]]);
    expect(sumSplits([...first, ...rest])).toEqual(sumSplits(sale.invoiced));
  });

  it('refuses to credit more than the invoice still holds', () => {
    expect(() => creditNoteLinesFor(openLines(sale.invoiced, []), sale.totalPaise + 1, 'intra-state')).toThrow(RangeError);
  });
});

const RATES = [0, 300, 500, 1200, 1800, 2800];
const orderArb = fc
  .record({
    lines: fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 4 }), unitPaise: fc.integer({ min: 100, max: 20_000_00 }), rateBp: fc.constantFrom(...RATES) }), { minLength: 1, maxLength: 5 }),
    kind: fc.constantFrom<SupplyKind>('intra-state', 'inter-state'),
    feePaise: fc.constantFrom(0, 4_900, 9_900),
    discountShare: fc.double({ min: 0, max: 0.6, noNaN: true }),
    // Each return: for each line, a fraction of its units still with the customer (0 = none of that line).
    returns: fc.array(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 5, maxLength: 5 }), { maxLength: 4 }),
    cancelAtEnd: fc.boolean(),
  })
  .map((input) => {
    const subtotal = input.lines.reduce((sum, line) => sum + line.quantity * line.unitPaise, 0);
    return { ...input, discountPaise: Math.floor(subtotal * input.discountShare) };
  });

describe('credit notes of any order with any partial returns (property)', () => {
  it('never credit more of a line than its invoice did, and each note adds up to its refund to the paisa', () => {
    fc.assert(
      fc.property(orderArb, (input) => {
        const sale = invoice(input.lines, input.discountPaise, input.kind, input.feePaise);
        const notes: CreditedLine[][] = [];
        const kept = new Map(sale.items.map((item) => [item.id, item.quantity]));
        let refunded = 0;
        for (const fractions of input.returns) {
          const returned: ReturnedUnits[] = sale.items
            .map((item, index) => ({ orderItemId: item.id, quantity: Math.floor(kept.get(item.id)! * fractions[index]!) }))
            .filter((line) => line.quantity > 0);
          if (!returned.length) continue;
          const refund = returnRefundPaise(sale.bill, sale.items, returned);
          if (refund <= 0) continue;
          const note = creditNoteLinesFor(openLines(sale.invoiced, notes.flat()), refund, input.kind, returned);
          expect(note.reduce((sum, line) => sum + grossOf(line), 0)).toBe(refund);
          // Only the returned lines, with exactly the returned units.
          expect(note.map((line) => [line.orderItemId, line.quantity])).toEqual(returned.map((line) => [line.orderItemId, line.quantity]));
          for (const line of returned) kept.set(line.orderItemId, kept.get(line.orderItemId)! - line.quantity);
          notes.push(note);
          refunded += refund;
        }
        if (input.cancelAtEnd && refunded < sale.totalPaise) {
          const note = creditNoteLinesFor(openLines(sale.invoiced, notes.flat()), sale.totalPaise - refunded, input.kind);
          expect(note.reduce((sum, line) => sum + grossOf(line), 0)).toBe(sale.totalPaise - refunded);
          for (const line of note) expect(line.quantity).toBe(kept.get(line.orderItemId));
          notes.push(note);
          // Everything given back: every line's figures and units reversed exactly.
          expect(sumSplits(notes.flat())).toEqual(sumSplits(sale.invoiced));
        }
        for (const line of sale.invoiced) {
          const credited = notes.flat().filter((part) => part.orderItemId === line.orderItemId);
          const sum = (pick: (part: CreditedLine) => number) => credited.reduce((total, part) => total + pick(part), 0);
          expect(sum((part) => part.quantity)).toBeLessThanOrEqual(line.quantity);
          expect(sum((part) => part.taxablePaise)).toBeLessThanOrEqual(line.taxablePaise);
          expect(sum((part) => part.cgstPaise)).toBeLessThanOrEqual(line.cgstPaise);
          expect(sum((part) => part.sgstPaise)).toBeLessThanOrEqual(line.sgstPaise);
          expect(sum((part) => part.igstPaise)).toBeLessThanOrEqual(line.igstPaise);
          for (const part of credited) expect(part.rateBp).toBe(line.rateBp);
        }
      }),
      { numRuns: 400 },
    );
  });
});
