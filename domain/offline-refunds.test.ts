import { describe, expect, it } from 'vitest';
import { checkRefundReference, normaliseUpiId, offlineRefundText, paidOnRefusal, refundedByTransfer } from './offline-refunds.ts';

const rupees = (amount: number) => `₹${amount.toFixed(2)}`;

describe('refunds the shop transfers', () => {
  it('takes a UPI ID as handle@provider, trimmed and in lower case, and nothing else', () => {
    expect(normaliseUpiId(' Priya.Sharma@OKAXIS ')).toBe('priya.sharma@okaxis');
    expect(normaliseUpiId('9876543210@ybl')).toBe('9876543210@ybl');
    expect(normaliseUpiId('ravi_k-1@paytm')).toBe('ravi_k-1@paytm');
    for (const bad of ['', 'priya', 'priya@', '@okaxis', 'p@okaxis', 'priya sharma@okaxis', 'priya@ok axis', 'priya@@okaxis', 'priya@okaxis.com', 'priya@1bank']) expect(normaliseUpiId(bad), bad).toBeNull();
  });

  it("checks the transfer's UTR by how it was paid: 12 digits for UPI; IMPS, NEFT or RTGS references for a bank transfer", () => {
    expect(checkRefundReference('upi', ' 4123 4567 8901 ')).toEqual({ ok: true, reference: '412345678901' });
    expect(checkRefundReference('upi', 'SBIN026112345678')).toMatchObject({ ok: false });
    expect(checkRefundReference('upi', '41234567890')).toMatchObject({ ok: false });
    expect(checkRefundReference('bank_transfer', '412345678901')).toEqual({ ok: true, reference: '412345678901' });
    expect(checkRefundReference('bank_transfer', 'sbin026112345678')).toEqual({ ok: true, reference: 'SBIN026112345678' });
    expect(checkRefundReference('bank_transfer', 'HDFCR52026112412345678')).toEqual({ ok: true, reference: 'HDFCR52026112412345678' });
    for (const bad of ['', '12345', '1234SBIN12345678', 'SBIN0261123456789', 'SBIN-26112345678']) expect(checkRefundReference('bank_transfer', bad).ok, bad).toBe(false);
    expect(checkRefundReference('upi', '')).toEqual({ ok: false, message: 'The UTR (transaction reference) is required' });
  });

  it('takes the day the money was sent from the day the refund was owed up to today', () => {
    expect(paidOnRefusal('2026-11-24', '2026-11-23', '2026-11-24')).toBeNull();
    expect(paidOnRefusal('2026-11-23', '2026-11-23', '2026-11-24')).toBeNull();
    expect(paidOnRefusal('2026-11-25', '2026-11-23', '2026-11-24')).toBe('The date cannot be in the future');
    expect(paidOnRefusal('2026-11-22', '2026-11-23', '2026-11-24')).toBe('The refund was only due from 2026-11-23');
    expect(paidOnRefusal('2026-02-30', '2026-01-01', '2026-11-24')).toBe('The date must be a day (YYYY-MM-DD)');
    expect(paidOnRefusal('24/11/2026', '2026-11-23', '2026-11-24')).toBe('The date must be a day (YYYY-MM-DD)');
  });

  it('tells the customer the refund is pending, then how it was sent with its UTR; only cash on delivery is refunded by transfer', () => {
    expect(offlineRefundText({ status: 'awaiting', amount: 999, method: null, reference: null }, rupees)).toBe("Refund of ₹999.00 pending — we'll transfer it to your bank/UPI");
    expect(offlineRefundText({ status: 'paid', amount: 999, method: 'upi', reference: '412345678901' }, rupees)).toBe('Refunded ₹999.00 by UPI (UTR 412345678901)');
    // What gift cards and store credit paid goes back onto them, never promised as money transferred (decision 87).
    expect(offlineRefundText({ status: 'awaiting', amount: 999, toBalances: 500, method: null, reference: null }, rupees)).toBe(
      "Refund of ₹999.00 pending — we'll transfer it to your bank/UPI; ₹500.00 goes back onto your gift cards and store credit when it is sent",
    );
    expect(offlineRefundText({ status: 'paid', amount: 999, toBalances: 500, method: 'upi', reference: '412345678901' }, rupees)).toBe(
      'Refunded ₹999.00 by UPI (UTR 412345678901) and ₹500.00 onto your gift cards and store credit',
    );
    expect(refundedByTransfer({ paymentMethod: 'cod' })).toBe(true);
    expect(refundedByTransfer({ paymentMethod: 'card' })).toBe(false);
  });
});
