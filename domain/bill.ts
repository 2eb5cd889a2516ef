/**
 * The bill of a basket or an order: its lines at their prices, the adjustments that take money off them (a
 * festival coupon today; automatic promotions and loyalty rewards use the same shape) and the charges billed on
 * top of them (the Cash on Delivery fee today). Every adjustment and every charge names, line by line, how much
 * of it each line carries (its allocation), so the tax split, the invoice, a return's refund and a credit note all
 * read one answer instead of sharing the amounts out again each in their own way. Amounts are integer paise. Pure.
 *
 * Invariants (`billProblems` checks them, the property tests drive them):
 * - total = lines − adjustments + charges;
 * - an adjustment's and a charge's allocation add up to its amount exactly, over lines of the bill;
 * - no line is reduced below zero by the adjustments it carries.
 */
import { paiseToRupees, shareOut } from './money.ts';

/** One line at its price: what the shopper pays for it before any adjustment. `key` is unique in the bill. */
export interface BillLine {
  key: string;
  amountPaise: number;
}

/** How much of an adjustment or a charge one line carries. */
export interface Allocation {
  line: string;
  amountPaise: number;
}

/**
 * What reduces the price of the goods at the time of sale. GST counts such a discount out of the taxable value
 * when it is shown on the invoice (CGST Act s.15(3)(a)), so every kind here lowers the lines it is allocated to.
 */
export const ADJUSTMENT_KINDS = ['coupon', 'promotion', 'loyalty'] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

/**
 * What is billed with the goods on top of their prices. GST counts such incidental charges in the value of the
 * supply they come with (CGST Act s.15(2)(c)), so each is allocated across the lines and taxed at their rates.
 */
export const CHARGE_KINDS = ['cod-fee', 'gift-wrap'] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];

export interface Adjustment {
  kind: AdjustmentKind;
  /** How people read it on every bill: 'Diwali Festival (DIWALI20)'. */
  label: string;
  /** The code the shopper typed, for a code-based offer. */
  code: string | null;
  /** The promotion that made it, a festival's coupon among them (absent on personal coupons and older bills). */
  promotionId?: number;
  amountPaise: number;
  allocation: Allocation[];
}

export interface Charge {
  kind: ChargeKind;
  label: string;
  amountPaise: number;
  allocation: Allocation[];
}

export interface Bill {
  lines: BillLine[];
  adjustments: Adjustment[];
  charges: Charge[];
}

export interface BillTotals {
  subtotalPaise: number;
  adjustmentsPaise: number;
  chargesPaise: number;
  totalPaise: number;
}

/** The plain name of each charge kind, as every bill prints it. */
export const CHARGE_LABELS: Record<ChargeKind, string> = { 'cod-fee': 'Cash on Delivery fee', 'gift-wrap': 'Gift wrap' };

const sum = (amounts: readonly number[]) => amounts.reduce((total, amount) => total + amount, 0);
/** What a list of adjustments or charges comes to. */
export function partsPaise(parts: readonly { amountPaise: number }[]): number {
  return sum(parts.map((part) => part.amountPaise));
}


function isAmount(paise: number): boolean {
  return Number.isSafeInteger(paise) && paise >= 0;
}

/** A bill of lines with nothing taken off and nothing added. */
export function billOf(lines: readonly BillLine[]): Bill {
  for (const line of lines) if (!isAmount(line.amountPaise)) throw new RangeError(`Line ${line.key}: ${line.amountPaise} is not an amount in paise`);
  if (new Set(lines.map((line) => line.key)).size !== lines.length) throw new RangeError('Two bill lines share a key');
  return { lines: [...lines], adjustments: [], charges: [] };
}

function allocatedTo(parts: readonly { allocation: readonly Allocation[] }[], key: string): number {
  let total = 0;
  for (const part of parts) for (const share of part.allocation) if (share.line === key) total += share.amountPaise;
  return total;
}

/** What a line still costs after the adjustments it carries, before charges. */
export function lineNetPaise(bill: Bill, key: string): number {
  const line = bill.lines.find((candidate) => candidate.key === key);
  return line ? line.amountPaise - allocatedTo(bill.adjustments, key) : 0;
}

/** What every line still costs after its adjustments, by key: one pass over the allocations, for many lines at once. */
export function lineNets(bill: Bill): Map<string, number> {
  const nets = new Map(bill.lines.map((line) => [line.key, line.amountPaise]));
  for (const adjustment of bill.adjustments) for (const share of adjustment.allocation) nets.set(share.line, (nets.get(share.line) ?? 0) - share.amountPaise);
  return nets;
}

/** What the shopper pays for a line: its price, less its adjustments, plus its share of the charges. */
export function lineGrossPaise(bill: Bill, key: string): number {
  return lineNetPaise(bill, key) + allocatedTo(bill.charges, key);
}

function allocate(amountPaise: number, lines: readonly BillLine[], weights: readonly number[]): Allocation[] {
  return shareOut(amountPaise, weights)
    .map((share, index) => ({ line: lines[index]!.key, amountPaise: share }))
    .filter((share) => share.amountPaise > 0);
}

/**
 * Takes `amountPaise` off the lines `applies` picks (all of them by default), shared in proportion to what each
 * still costs after earlier adjustments: every line bears the same fraction of it, and none goes below zero. An
 * amount larger than those lines still cost is cut to what they cost; nothing eligible, nothing taken.
 */
export type AdjustmentTerms = { kind: AdjustmentKind; label: string; code?: string | null; promotionId?: number; amountPaise: number };

function adjustmentOf(terms: AdjustmentTerms, allocation: Allocation[]): Adjustment {
  const made: Adjustment = { kind: terms.kind, label: terms.label, code: terms.code ?? null, amountPaise: partsPaise(allocation), allocation };
  if (terms.promotionId !== undefined) made.promotionId = terms.promotionId;
  return made;
}

export function withAdjustment(bill: Bill, adjustment: AdjustmentTerms, applies: (line: BillLine) => boolean = () => true): Bill {
  if (!isAmount(adjustment.amountPaise)) throw new RangeError(`${adjustment.amountPaise} is not an amount in paise`);
  const eligible = bill.lines.filter(applies);
  const nets = lineNets(bill);
  const net = eligible.map((line) => nets.get(line.key)!);
  const amountPaise = Math.min(adjustment.amountPaise, sum(net));
  if (amountPaise === 0) return bill;
  return { ...bill, adjustments: [...bill.adjustments, adjustmentOf(adjustment, allocate(amountPaise, eligible, net))] };
}

/**
 * Takes given amounts off given lines (a free unit off the line it is on, 15% off each attar line), each cut to
 * what its line still costs. Nothing left to take, nothing taken.
 */
export function withLineAdjustment(bill: Bill, adjustment: Omit<AdjustmentTerms, 'amountPaise'>, perLine: ReadonlyMap<string, number>): Bill {
  const allocation: Allocation[] = [];
  const nets = lineNets(bill);
  for (const line of bill.lines) {
    const wanted = perLine.get(line.key) ?? 0;
    if (!isAmount(wanted)) throw new RangeError(`${wanted} is not an amount in paise`);
    const amountPaise = Math.min(wanted, nets.get(line.key)!);
    if (amountPaise > 0) allocation.push({ line: line.key, amountPaise });
  }
  if (allocation.length === 0) return bill;
  return { ...bill, adjustments: [...bill.adjustments, adjustmentOf({ ...adjustment, amountPaise: 0 }, allocation)] };
}

/** The bill with one more line (a free gift the offer adds), which must not share a key with another. */
export function withLine(bill: Bill, line: BillLine): Bill {
  if (!isAmount(line.amountPaise)) throw new RangeError(`Line ${line.key}: ${line.amountPaise} is not an amount in paise`);
  if (bill.lines.some((existing) => existing.key === line.key)) throw new RangeError(`The bill already has a line ${line.key}`);
  return { ...bill, lines: [...bill.lines, line] };
}

/**
 * Adds a charge, shared across the lines in proportion to what the shopper pays for each after the adjustments
 * (a basket adjusted down to nothing shares it by the lines' prices), so it is taxed with the goods at their
 * rates. Call it once the adjustments are made.
 */
export function withCharge(bill: Bill, charge: { kind: ChargeKind; label?: string; amountPaise: number }): Bill {
  if (!isAmount(charge.amountPaise)) throw new RangeError(`${charge.amountPaise} is not an amount in paise`);
  if (charge.amountPaise === 0) return bill;
  if (bill.lines.length === 0) throw new RangeError('A charge needs a line to be billed with');
  const nets = lineNets(bill);
  const net = bill.lines.map((line) => nets.get(line.key)!);
  const weights = net.some((amount) => amount > 0) ? net : bill.lines.map((line) => line.amountPaise);
  // Lines that are all free (a gift alone) still carry the charge: shared evenly then.
  const even = weights.some((weight) => weight > 0) ? weights : bill.lines.map(() => 1);
  const made: Charge = {
    kind: charge.kind,
    label: charge.label ?? CHARGE_LABELS[charge.kind],
    amountPaise: charge.amountPaise,
    allocation: allocate(charge.amountPaise, bill.lines, even),
  };
  return { ...bill, charges: [...bill.charges, made] };
}

export function billTotals(bill: Bill): BillTotals {
  const subtotalPaise = partsPaise(bill.lines);
  const adjustmentsPaise = partsPaise(bill.adjustments);
  const chargesPaise = partsPaise(bill.charges);
  return { subtotalPaise, adjustmentsPaise, chargesPaise, totalPaise: subtotalPaise - adjustmentsPaise + chargesPaise };
}

/** What the bill charges of one kind (0 when it has none): the Cash on Delivery fee a refund rule looks at. */
export function chargePaise(bill: { charges: readonly Charge[] }, kind: ChargeKind): number {
  return partsPaise(bill.charges.filter((charge) => charge.kind === kind));
}

/** Every way the bill breaks its invariants, in words; empty for a sound bill. */
export function billProblems(bill: Bill): string[] {
  const problems: string[] = [];
  const keys = new Set(bill.lines.map((line) => line.key));
  if (keys.size !== bill.lines.length) problems.push('two lines share a key');
  for (const line of bill.lines) if (!isAmount(line.amountPaise)) problems.push(`line ${line.key} has no amount in paise`);
  const parts: { what: string; amountPaise: number; allocation: Allocation[] }[] = [
    ...bill.adjustments.map((part) => ({ ...part, what: `adjustment "${part.label}"` })),
    ...bill.charges.map((part) => ({ ...part, what: `charge "${part.label}"` })),
  ];
  for (const part of parts) {
    if (!isAmount(part.amountPaise)) problems.push(`${part.what} has no amount in paise`);
    if (partsPaise(part.allocation) !== part.amountPaise) problems.push(`${part.what} allocates ${partsPaise(part.allocation)} of ${part.amountPaise}`);
    for (const share of part.allocation) {
      if (!keys.has(share.line)) problems.push(`${part.what} is allocated to unknown line ${share.line}`);
      if (!isAmount(share.amountPaise)) problems.push(`${part.what} allocates a negative share to ${share.line}`);
    }
  }
  for (const line of bill.lines) if (lineNetPaise(bill, line.key) < 0) problems.push(`line ${line.key} is reduced below zero`);
  return problems;
}

/** An adjustment or charge as the API speaks it: rupees, without its allocation. */
export function billPartDto(part: Adjustment | Charge): { kind: string; label: string; amount: number } {
  return { kind: part.kind, label: part.label, amount: paiseToRupees(part.amountPaise) };
}
