/**
 * GST on a sale, from prices that already include it (the shop's prices do, as its footer says), exact to the
 * paisa. Per line: what the shopper pays for it (its price less the adjustments and plus the charges the bill
 * allocates to it, domain/bill.ts); the taxable value is that divided by (1 + rate), rounded to the paisa; the
 * tax is the rest, so taxable value + tax is the amount charged for the line exactly, and the lines add up to
 * the order's total exactly. Within the seller's own state the tax
 * is CGST and SGST, half each (an odd paisa goes to CGST); to another state it is IGST. Pure: the order keeps
 * what this returned at the sale and never works it out again.
 */

import { billOf, lineGrossPaise, lineNetPaise, withAdjustment, withCharge, type Bill, type BillLine } from './bill.ts';

/** HSN 3303: perfumes and toilet waters. */
export const DEFAULT_HSN = '3303';
/** 18 % in basis points (hundredths of a percent): GST rates are 0, 0.25, 3, 5, 12, 18, 28 and so on. */
export const DEFAULT_GST_RATE_BP = 1800;
export const MAX_GST_RATE_BP = 10_000;

/** Tax of one line, all in paise. `grossPaise` = `taxablePaise` + `cgstPaise` + `sgstPaise` + `igstPaise`. */
export interface TaxSplit {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface TaxedLine extends TaxSplit {
  /** The line at its price, before the discount. */
  amountPaise: number;
  /** This line's share of the order's discount. */
  discountPaise: number;
  /** This line's share of the charges billed with the goods (the Cash on Delivery fee). */
  chargesPaise: number;
  /** What the customer paid for the line: amount − discount + charges. */
  grossPaise: number;
  rateBp: number;
}

export type SupplyKind = 'intra-state' | 'inter-state';

/** CGST + SGST when the goods stay in the seller's state, IGST otherwise (or when the state is unknown). */
export function supplyKind(sellerStateCode: string, placeOfSupplyCode: string | null): SupplyKind {
  return placeOfSupplyCode !== null && placeOfSupplyCode === sellerStateCode ? 'intra-state' : 'inter-state';
}

/** The tax inside a GST-inclusive amount at one rate. */
export function splitInclusive(grossPaise: number, rateBp: number, kind: SupplyKind): TaxSplit {
  if (!Number.isSafeInteger(grossPaise) || grossPaise < 0) throw new RangeError(`Not an amount in paise: ${grossPaise}`);
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > MAX_GST_RATE_BP) throw new RangeError(`Not a GST rate in basis points: ${rateBp}`);
  // Integers throughout: gross × 10000 / (10000 + rate), rounded half up.
  const taxablePaise = Math.floor((grossPaise * 10_000 * 2 + (10_000 + rateBp)) / ((10_000 + rateBp) * 2));
  const tax = grossPaise - taxablePaise;
  if (kind === 'inter-state') return { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: tax };
  const sgstPaise = Math.floor(tax / 2);
  return { taxablePaise, cgstPaise: tax - sgstPaise, sgstPaise, igstPaise: 0 };
}

/**
 * A bill's lines with their tax, in the bill's line order: each line is taxed on what the shopper pays for it
 * (its price, less the adjustments allocated to it, plus its share of the charges, domain/bill.ts), at its own
 * rate. The lines' gross amounts add up to the bill's total exactly.
 */
export function taxBill(bill: Bill, rateOf: (line: BillLine) => number, kind: SupplyKind): TaxedLine[] {
  return bill.lines.map((line) => {
    const net = lineNetPaise(bill, line.key);
    const grossPaise = lineGrossPaise(bill, line.key);
    const rateBp = rateOf(line);
    return { amountPaise: line.amountPaise, discountPaise: line.amountPaise - net, chargesPaise: grossPaise - net, grossPaise, rateBp, ...splitInclusive(grossPaise, rateBp, kind) };
  });
}

/**
 * Lines with one order-wide discount and one charge, taxed: the discount shared across the lines in proportion
 * to their amounts and the charges in proportion to what is paid for each (the rules of domain/bill.ts), then
 * each line split at its own rate. For callers that hold figures rather than a bill.
 */
export function taxLines(lines: readonly { amountPaise: number; rateBp: number }[], discountPaise: number, kind: SupplyKind, chargesPaise = 0): TaxedLine[] {
  const subtotal = lines.reduce((sum, line) => sum + line.amountPaise, 0);
  if (!Number.isSafeInteger(discountPaise) || discountPaise < 0 || discountPaise > subtotal) throw new RangeError(`Discount ${discountPaise} outside 0..${subtotal}`);
  if (!Number.isSafeInteger(chargesPaise) || chargesPaise < 0) throw new RangeError(`Charges ${chargesPaise} are not an amount in paise`);
  let bill = billOf(lines.map((line, index) => ({ key: String(index), amountPaise: line.amountPaise })));
  bill = withAdjustment(bill, { kind: 'coupon', label: 'Discount', amountPaise: discountPaise });
  if (lines.length) bill = withCharge(bill, { kind: 'cod-fee', amountPaise: chargesPaise });
  return taxBill(bill, (line) => lines[Number(line.key)]!.rateBp, kind);
}

/**
 * The GST inside what the shopper pays for a bill, as checkout's price breakup shows it ("Includes GST ₹X"): the
 * same split the invoice makes. CGST + SGST within the state and IGST to another come to the same tax, so it does
 * not need the address.
 */
export function includedGstPaise(bill: Bill, rateOf: (line: BillLine) => number): number {
  return taxBill(bill, rateOf, 'inter-state').reduce((sum, line) => sum + line.igstPaise, 0);
}

/** The sum of several splits (an invoice's totals, a month's figures). */
export function sumSplits(splits: readonly TaxSplit[]): TaxSplit {
  return splits.reduce<TaxSplit>(
    (sum, split) => ({
      taxablePaise: sum.taxablePaise + split.taxablePaise,
      cgstPaise: sum.cgstPaise + split.cgstPaise,
      sgstPaise: sum.sgstPaise + split.sgstPaise,
      igstPaise: sum.igstPaise + split.igstPaise,
    }),
    { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 },
  );
}

export function splitTotal(split: TaxSplit): number {
  return split.taxablePaise + split.cgstPaise + split.sgstPaise + split.igstPaise;
}

/** A product's GST: its rate, charged from a shop date, and the rate before that date (an announced change). */
export interface ProductTax {
  gstRateBp: number;
  gstRateFrom: string | null;
  previousGstRateBp: number | null;
}

/** The rate a product sells at on a shop date ('2026-11-24'): a change applies only from its effective date on. */
export function rateOn(tax: ProductTax, shopDay: string): number {
  if (tax.gstRateFrom && shopDay < tax.gstRateFrom && tax.previousGstRateBp !== null) return tax.previousGstRateBp;
  return tax.gstRateBp;
}

/**
 * A product's tax after the back office sets a rate from a date: what it sold at until then becomes the rate
 * before the date, so orders placed before it keep the old rate.
 */
export function scheduleRate(current: ProductTax, rateBp: number, from: string, today: string): ProductTax {
  if (rateBp === current.gstRateBp && from === current.gstRateFrom) return current;
  return { gstRateBp: rateBp, gstRateFrom: from, previousGstRateBp: from > today ? rateOn(current, today) : null };
}

/** 1800 → '18%', 25 → '0.25%', and half a rate (CGST's share) 12.5 → '0.125%'. */
export function formatRate(rateBp: number): string {
  return `${Number((rateBp / 100).toFixed(3))}%`;
}

/** A rate typed as a percentage (18, '12.5') in basis points, or null when it is not a rate to two decimals. */
export function rateFromPercent(percent: number): number | null {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) return null;
  const bp = Math.round(percent * 100);
  return Math.abs(bp - percent * 100) < 1e-6 ? bp : null;
}

/** An HSN code as GST returns take it: 4, 6 or 8 digits (chapter, heading, sub-heading, tariff item). */
export function isHsnCode(code: string): boolean {
  return /^(\d{4}|\d{6}|\d{8})$/.test(code);
}

const ONES = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  return n < 20 ? ONES[n]! : `${TENS[Math.floor(n / 10)]}${n % 10 ? `-${ONES[n % 10]}` : ''}`;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** A whole number in Indian English words, by crore, lakh and thousand: 1,25,000 → 'One Lakh Twenty-Five Thousand'. */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole number: ${n}`);
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [crore ? `${numberInWords(crore)} Crore` : '', lakh ? `${belowHundred(lakh)} Lakh` : '', thousand ? `${belowHundred(thousand)} Thousand` : '', rest ? belowThousand(rest) : '']
    .filter(Boolean)
    .join(' ');
}

/** 254115 paise → 'Rupees Two Thousand Five Hundred Forty-One and Fifteen Paise Only', as invoices say a total. */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${numberInWords(rupees)}${rest ? ` and ${numberInWords(rest)} Paise` : ''} Only`;
}
