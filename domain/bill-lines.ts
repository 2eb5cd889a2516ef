/**
 * How a bill reads to people: the one list of rows that the cart, checkout, the success page, order detail,
 * the back office's order dialog, the order e-mails, the text receipt and the tax documents all print, so a
 * bill never reads one way in one place and another way elsewhere. Pure; amounts in paise.
 */
import { formatPaise, rupeesToPaise } from './money.ts';

/** What a bill shows: its subtotal, each adjustment and charge by its label, shipping and the total. */
export interface BillSummary {
  subtotalPaise: number;
  adjustments: readonly { kind: string; label: string; amountPaise: number }[];
  charges: readonly { kind: string; label: string; amountPaise: number }[];
  /** Shipping is free today; a later shipping charge prints here. */
  shippingPaise: number;
  totalPaise: number;
  /** Given back so far (returns, a cancellation): shown under the total once there is any. */
  refundedPaise?: number;
  /** The GST inside the total, where it is known before the invoice (checkout's price breakup). */
  includedGstPaise?: number;
  /**
   * What gift cards and store credit paid of the total, where the rest is still to pay (cash on delivery): shown
   * under the total as a payment, followed by what is left to pay. The total itself stays the bill's (decision 0067).
   */
  paidWithBalancesPaise?: number;
}

export type BillRowKind = 'subtotal' | 'adjustment' | 'shipping' | 'charge' | 'total' | 'included-gst' | 'balances' | 'due' | 'refunded';

export interface BillRow {
  kind: BillRowKind;
  /** 'Subtotal', 'Discount (DIWALI20)', 'Shipping', 'Cash on Delivery fee', 'Total'. */
  label: string;
  /** Signed: an adjustment is negative. */
  amountPaise: number;
  /** As printed: '₹1,499.00', '−₹150.00', 'FREE'. */
  text: string;
  /** A stable name for tests and styling: 'subtotal', 'discount', 'shipping', 'cod-fee', 'total'. */
  name: string;
}

export interface BillLinesOptions {
  /** The total's label: 'Total' unless the bill says how it is paid ('Total paid', 'To pay on delivery'). */
  totalLabel?: string;
  /** The label of what is left to pay after balances ('To pay on delivery'); 'To pay' unless given. */
  dueLabel?: string;
  /** The minus sign: a typographic '−' by default, '-' for plain text. */
  minus?: string;
  format?: (paise: number) => string;
}

/** The spec's cart summary wording: a coupon's adjustment is its "Discount (code)" row. */
const ADJUSTMENT_NAMES: Record<string, string> = { coupon: 'discount' };

/**
 * The rows of a bill, in the order every bill prints them: Subtotal, each adjustment (a saving, shown with a
 * minus), Shipping ("FREE" when nothing is charged, as the spec wants it shown), each charge, the Total, and
 * what has been refunded, once anything has.
 */
export function billLines(bill: BillSummary, options: BillLinesOptions = {}): BillRow[] {
  const format = options.format ?? formatPaise;
  const minus = options.minus ?? '−';
  return [
    { kind: 'subtotal', name: 'subtotal', label: 'Subtotal', amountPaise: bill.subtotalPaise, text: format(bill.subtotalPaise) },
    ...bill.adjustments
      .filter((adjustment) => adjustment.amountPaise > 0)
      .map((adjustment): BillRow => ({
        kind: 'adjustment',
        name: ADJUSTMENT_NAMES[adjustment.kind] ?? adjustment.kind,
        label: adjustment.label,
        amountPaise: -adjustment.amountPaise,
        text: `${minus}${format(adjustment.amountPaise)}`,
      })),
    { kind: 'shipping', name: 'shipping', label: 'Shipping', amountPaise: bill.shippingPaise, text: bill.shippingPaise === 0 ? 'FREE' : format(bill.shippingPaise) },
    ...bill.charges
      .filter((charge) => charge.amountPaise > 0)
      .map((charge): BillRow => ({ kind: 'charge', name: charge.kind, label: charge.label, amountPaise: charge.amountPaise, text: format(charge.amountPaise) })),
    { kind: 'total', name: 'total', label: options.totalLabel ?? 'Total', amountPaise: bill.totalPaise, text: format(bill.totalPaise) },
    // Consumer Protection (E-Commerce) Rules 2020, rule 5(3)(a): the total price with the break-up of the taxes in it.
    ...(bill.includedGstPaise ? [{ kind: 'included-gst' as const, name: 'included-gst', label: 'Includes GST', amountPaise: bill.includedGstPaise, text: format(bill.includedGstPaise) }] : []),
    ...balanceRows(bill, options.dueLabel ?? 'To pay', minus, format),
    ...(bill.refundedPaise ? [{ kind: 'refunded' as const, name: 'refunded', label: 'Refunded', amountPaise: bill.refundedPaise, text: format(bill.refundedPaise) }] : []),
  ];
}

/** What balances paid of the total, as a payment under it, and what is left: none when they paid nothing. */
function balanceRows(bill: BillSummary, dueLabel: string, minus: string, format: (paise: number) => string): BillRow[] {
  const paid = Math.min(bill.paidWithBalancesPaise ?? 0, bill.totalPaise);
  if (paid <= 0) return [];
  const due = bill.totalPaise - paid;
  return [
    { kind: 'balances', name: 'balances', label: 'Paid with gift cards and store credit', amountPaise: -paid, text: `${minus}${format(paid)}` },
    { kind: 'due', name: 'due', label: dueLabel, amountPaise: due, text: format(due) },
  ];
}

/** A bill as the API speaks it (rupees): an order, a cart quote. */
export interface BillInRupees {
  subtotal: number;
  shipping: number;
  total: number;
  adjustments: readonly { kind: string; label: string; amount: number }[];
  charges: readonly { kind: string; label: string; amount: number }[];
  /** An order's refunds so far. */
  refundedAmount?: number;
  /** The GST inside the total, where known before the invoice (a quote). */
  includedGst?: number;
}

export function billSummaryOf(bill: BillInRupees): BillSummary {
  const inPaise = (part: { kind: string; label: string; amount: number }) => ({ kind: part.kind, label: part.label, amountPaise: rupeesToPaise(part.amount) });
  return {
    subtotalPaise: rupeesToPaise(bill.subtotal),
    adjustments: bill.adjustments.map(inPaise),
    charges: bill.charges.map(inPaise),
    shippingPaise: rupeesToPaise(bill.shipping),
    totalPaise: rupeesToPaise(bill.total),
    refundedPaise: rupeesToPaise(bill.refundedAmount ?? 0),
    includedGstPaise: rupeesToPaise(bill.includedGst ?? 0),
  };
}
