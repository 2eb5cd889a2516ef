/**
 * What a credit note gives back of a tax invoice, line by line. Pure.
 *
 * Under GST a credit note (CGST Act s.34) reduces the taxable value and tax of the supply an invoice recorded.
 * When goods come back it records those goods: the returned invoice lines, their returned quantity, and the tax
 * reversed at each line's own rate. A partial return never touches the lines that were kept, so a two-potion
 * order with one potion returned gets a note of one line, and lines at different rates reverse their own tax.
 * When an order is cancelled whole (or its goods never reach the buyer) the note gives back everything the
 * invoice still holds. A note never gives back more of a line than the invoice and the earlier notes leave on it.
 */
import { splitInclusive, type SupplyKind, type TaxSplit } from './gst.ts';
import { shareOut } from './money.ts';

/** An invoice line as the invoice fixed it: its units and what was charged for them, split. */
export interface InvoicedLine extends TaxSplit {
  orderItemId: number;
  quantity: number;
  rateBp: number;
}

/** One line of a credit note: the units it gives back (0 for a reduction of value alone) and their split. */
export interface CreditedLine extends TaxSplit {
  orderItemId: number;
  quantity: number;
  rateBp: number;
  grossPaise: number;
}

/** What an invoice line still holds once earlier credit notes are taken off it. */
export type OpenLine = CreditedLine;

/** Returned units of an invoice line (a return's lines, by the order line they came from). */
export interface ReturnedUnits {
  orderItemId: number;
  quantity: number;
}

const NOT_SUPPLIED = 'not-supplied:';

/**
 * The key a credit note is stored under when no refund names it: the one note of an order's goods that never
 * reached the buyer (a cash-on-delivery parcel returned unpaid). Refund ids are the provider's (`rfnd_…`) or a
 * transfer's, so they never start this way.
 */
export function notSuppliedKey(orderId: string): string {
  return `${NOT_SUPPLIED}${orderId}`;
}

export function isNotSuppliedKey(key: string): boolean {
  return key.startsWith(NOT_SUPPLIED);
}

const gross = (split: TaxSplit) => split.taxablePaise + split.cgstPaise + split.sgstPaise + split.igstPaise;

/** The invoice's lines less what earlier notes gave back of each (units and figures). */
export function openLines(invoiced: readonly InvoicedLine[], earlier: readonly CreditedLine[]): OpenLine[] {
  return invoiced.map((line) => {
    const before = earlier.filter((part) => part.orderItemId === line.orderItemId);
    const less = (pick: (part: CreditedLine) => number) => before.reduce((sum, part) => sum + pick(part), 0);
    const open = {
      taxablePaise: line.taxablePaise - less((part) => part.taxablePaise),
      cgstPaise: line.cgstPaise - less((part) => part.cgstPaise),
      sgstPaise: line.sgstPaise - less((part) => part.sgstPaise),
      igstPaise: line.igstPaise - less((part) => part.igstPaise),
    };
    return { orderItemId: line.orderItemId, rateBp: line.rateBp, quantity: Math.max(0, line.quantity - less((part) => part.quantity)), grossPaise: gross(open), ...open };
  });
}

/**
 * The lines of a credit note for `amountPaise` given back.
 *
 * With `returned` (a return's refund): only the returned lines, each with its returned units. The amount is shared
 * across them in proportion to what those units hold of their line (their share of the line's discount and charges
 * comes with them), and each share is split at its line's rate; a share that is all the line still holds reverses
 * exactly what is left of it, so no paisa of tax is stranded by rounding. A refund beyond what the returned units
 * hold (it never is: a return's refund is its units' share less the discount) takes the rest from what the returned
 * lines still hold, and only then from the other lines, as a reduction of value with no units.
 *
 * Without `returned` (the whole order given back): everything still open, with its remaining units; a part of
 * it is shared across the lines by what each still holds, as a reduction of value.
 */
export function creditNoteLinesFor(open: readonly OpenLine[], amountPaise: number, kind: SupplyKind, returned?: readonly ReturnedUnits[]): CreditedLine[] {
  const left = open.reduce((sum, line) => sum + line.grossPaise, 0);
  if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0 || amountPaise > left) throw new RangeError(`Credit ${amountPaise} outside 1..${left}`);
  const units = new Map<number, number>();
  for (const line of returned ?? []) units.set(line.orderItemId, (units.get(line.orderItemId) ?? 0) + line.quantity);
  const quantityOf = (line: OpenLine) => Math.min(units.get(line.orderItemId) ?? 0, line.quantity);

  let shares: number[];
  if (!returned) {
    if (amountPaise === left) return open.filter((line) => line.grossPaise > 0 || line.quantity > 0).map((line) => ({ ...line }));
    shares = shareOut(
      amountPaise,
      open.map((line) => line.grossPaise),
    );
  } else {
    // What the returned units hold of their lines: all of it when every unit still open comes back.
    const held = open.map((line) => {
      const quantity = quantityOf(line);
      if (quantity === 0 || line.quantity === 0) return 0;
      return quantity === line.quantity ? line.grossPaise : Math.floor((line.grossPaise * quantity) / line.quantity);
    });
    shares = spread(amountPaise, [held, open.map((line, index) => (held[index]! > 0 ? line.grossPaise : 0)), open.map((line) => line.grossPaise)]);
  }
  return open
    .map((line, index) => {
      const share = shares[index]!;
      const quantity = returned ? quantityOf(line) : share === line.grossPaise ? line.quantity : 0;
      const split = share === line.grossPaise ? pickSplit(line) : within(splitInclusive(share, line.rateBp, kind), line);
      return { orderItemId: line.orderItemId, rateBp: line.rateBp, quantity, grossPaise: share, ...split };
    })
    .filter((line) => line.grossPaise > 0 || line.quantity > 0);
}

function pickSplit(split: TaxSplit): TaxSplit {
  return { taxablePaise: split.taxablePaise, cgstPaise: split.cgstPaise, sgstPaise: split.sgstPaise, igstPaise: split.igstPaise };
}

const TAXES = ['cgstPaise', 'sgstPaise', 'igstPaise'] as const;

/**
 * A split of part of an open line, kept within what the line still holds figure by figure. Splitting the part
 * afresh rounds on its own, and after earlier notes that can ask a paisa more tax than is left to reverse; that
 * paisa stays taxable value instead (or the other way round), so the total is unchanged.
 */
function within(split: TaxSplit, open: TaxSplit): TaxSplit {
  const kept = pickSplit(split);
  for (const tax of TAXES) {
    const over = kept[tax] - open[tax];
    if (over > 0) {
      kept[tax] -= over;
      kept.taxablePaise += over;
    }
  }
  let over = kept.taxablePaise - open.taxablePaise;
  for (const tax of TAXES) {
    if (over <= 0) break;
    const room = Math.min(over, open[tax] - kept[tax]);
    kept[tax] += room;
    kept.taxablePaise -= room;
    over -= room;
  }
  return kept;
}

/**
 * Shares `amount` out by the first of `tiers` that can carry it: within a tier every share stays within its
 * weight. Each tier's weights are at least the one before's, line by line, so a later tier only adds to earlier.
 */
function spread(amount: number, tiers: readonly (readonly number[])[]): number[] {
  for (const weights of tiers) {
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    if (amount <= total) return shareOut(amount, weights);
  }
  throw new RangeError(`Credit ${amount} is more than the invoice holds`);
}
