/**
 * Refunds of cash collected on delivery. There is no card or payment to send the money back to, so the shop pays
 * it itself, by UPI or bank transfer (NEFT/IMPS/RTGS), and records the transfer's reference (the UTR) here. As
 * Indian shops do, it asks the customer for a UPI ID to pay to; without one it calls them for bank details.
 */
import { COD_PAYMENT_METHOD } from './cod-progress.ts';

export const OFFLINE_REFUND_METHODS = ['upi', 'bank_transfer'] as const;
export type OfflineRefundMethod = (typeof OFFLINE_REFUND_METHODS)[number];

/** 'awaiting': owed and not yet paid; 'paid': the transfer is recorded; 'withdrawn': no longer owed (see below). */
export const OFFLINE_REFUND_STATUSES = ['awaiting', 'paid', 'withdrawn'] as const;
export type OfflineRefundStatus = (typeof OFFLINE_REFUND_STATUSES)[number];

export const OFFLINE_REFUND_METHOD_LABELS: Record<OfflineRefundMethod, string> = {
  upi: 'UPI',
  bank_transfer: 'Bank transfer',
};

/**
 * A UPI ID (virtual payment address) is `handle@provider`: the handle of letters, digits, dots, hyphens and
 * underscores, the provider (the bank's or app's code, e.g. okaxis, ybl, paytm) of letters only.
 */
const UPI_ID = /^[a-z0-9][a-z0-9._-]{1,255}@[a-z][a-z0-9]{1,63}$/i;

/** The UPI ID as it is kept (trimmed, lower case: UPI IDs do not depend on case), or null when it is not one. */
export function normaliseUpiId(value: string): string | null {
  const trimmed = value.trim().toLowerCase();
  return UPI_ID.test(trimmed) ? trimmed : null;
}

export const UPI_ID_HINT = 'A UPI ID looks like name@bank, e.g. priya.sharma@okaxis';

/**
 * The transfer's reference. A UPI payment's is its 12-digit UPI transaction ID (RRN); a bank transfer's is its
 * UTR: 12 digits for IMPS, 16 letters and digits for NEFT, 22 for RTGS (the first four letters name the bank).
 * Returns the reference as kept (trimmed, spaces removed, upper case), or why it is not one.
 */
export function checkRefundReference(method: OfflineRefundMethod, value: string): { ok: true; reference: string } | { ok: false; message: string } {
  const reference = value.replace(/\s+/g, '').toUpperCase();
  if (!reference) return { ok: false, message: 'The UTR (transaction reference) is required' };
  if (method === 'upi') {
    return /^\d{12}$/.test(reference) ? { ok: true, reference } : { ok: false, message: "A UPI transfer's reference (UTR) is its 12-digit transaction ID" };
  }
  if (/^\d{12}$/.test(reference) || /^[A-Z]{4}[A-Z0-9]{12}$/.test(reference) || /^[A-Z]{4}[A-Z0-9]{18}$/.test(reference)) return { ok: true, reference };
  return { ok: false, message: 'A bank transfer UTR is 12 digits (IMPS), or 16 (NEFT) or 22 (RTGS) letters and digits starting with the bank code' };
}

/**
 * The day the money was sent, a shop day (YYYY-MM-DD): not before the refund was owed, not after today. Returns
 * why not, or null when it is fine.
 */
export function paidOnRefusal(paidOn: string, owedSince: string, today: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(paidOn) || Number.isNaN(Date.parse(`${paidOn}T00:00:00Z`)) || new Date(`${paidOn}T00:00:00Z`).toISOString().slice(0, 10) !== paidOn) {
    return 'The date must be a day (YYYY-MM-DD)';
  }
  if (paidOn > today) return 'The date cannot be in the future';
  if (paidOn < owedSince) return `The refund was only due from ${owedSince}`;
  return null;
}

/**
 * What the customer reads on their order page of a refund the shop transfers. `toBalances`: the part that goes back
 * onto the gift cards and store credit that paid, with the transfer (docs/decisions/0087): never promised as money.
 */
export function offlineRefundText(
  refund: { status: OfflineRefundStatus; amount: number; toBalances?: number; method: OfflineRefundMethod | null; reference: string | null },
  rupees: (amount: number) => string,
): string {
  const onto = refund.toBalances && refund.toBalances > 0 ? rupees(refund.toBalances) : null;
  if (refund.status === 'paid') {
    return `Refunded ${rupees(refund.amount)} by ${OFFLINE_REFUND_METHOD_LABELS[refund.method ?? 'bank_transfer']} (UTR ${refund.reference})${onto ? ` and ${onto} onto your gift cards and store credit` : ''}`;
  }
  return `Refund of ${rupees(refund.amount)} pending — we'll transfer it to your bank/UPI${onto ? `; ${onto} goes back onto your gift cards and store credit when it is sent` : ''}`;
}

/** Cash collected on delivery went to the shop, not through a payment provider: its refunds are transferred. */
export function refundedByTransfer(order: { paymentMethod: string }): boolean {
  return order.paymentMethod === COD_PAYMENT_METHOD;
}
