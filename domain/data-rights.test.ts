import { describe, expect, it } from 'vitest';
import { consentChanges, erasedEmailOf, erasureBlocker, invoiceRetentionEnds, isErasedEmail, retentionCutoff } from './data-rights.ts';

describe('consentChanges', () => {
  it('names each consent switched on or off, and nothing that stayed', () => {
    expect(consentChanges({ newsletter: false, smsNotifications: true }, { newsletter: true, smsNotifications: true })).toEqual([{ purpose: 'newsletter', granted: true }]);
    expect(consentChanges({ newsletter: true, smsNotifications: true }, { newsletter: false, smsNotifications: false })).toEqual([
      { purpose: 'newsletter', granted: false },
      { purpose: 'sms', granted: false },
    ]);
    expect(consentChanges({}, { newsletter: false, smsNotifications: false })).toEqual([]);
  });
});

describe('erasureBlocker', () => {
  const delivered = { orderNumber: 'DP-1', status: 'delivered', paymentStatus: 'paid' } as const;

  it('lets an account with delivered and cancelled orders go', () => {
    expect(erasureBlocker({ orders: [delivered, { orderNumber: 'DP-2', status: 'cancelled', paymentStatus: 'refunded' }], returns: [{ orderNumber: 'DP-1', status: 'rejected' }] })).toBeNull();
  });

  it('waits for an order on its way, naming it', () => {
    for (const status of ['pending', 'processing', 'shipped', 'out-for-delivery'] as const) {
      expect(erasureBlocker({ orders: [delivered, { orderNumber: 'DP-9', status, paymentStatus: 'paid' }], returns: [] })).toBe(
        'Order DP-9 is still on its way. Your account can be erased once it is delivered or cancelled.',
      );
    }
  });

  it('waits for a refund owed and a return still open', () => {
    expect(erasureBlocker({ orders: [{ orderNumber: 'DP-3', status: 'cancelled', paymentStatus: 'refund_pending' }], returns: [] })).toMatch(/refund for order DP-3/);
    expect(erasureBlocker({ orders: [delivered], returns: [{ orderNumber: 'DP-1', status: 'approved' }] })).toMatch(/return for order DP-1 is still open/);
  });
});

describe('invoiceRetentionEnds', () => {
  it('keeps an invoice 72 months past 31 December after its financial year (CGST Act s.36)', () => {
    // 31 March 2027, 11 pm in India: financial year 2026-27, annual return due 31 December 2027.
    expect(invoiceRetentionEnds(new Date('2027-03-31T17:30:00Z')).toISOString()).toBe('2033-12-31T18:30:00.000Z');
    // 1 April 2027, 00:30 in India (still 31 March in UTC): financial year 2027-28.
    expect(invoiceRetentionEnds(new Date('2027-03-31T19:00:00Z')).toISOString()).toBe('2034-12-31T18:30:00.000Z');
  });
});

describe('erased addresses and cut-offs', () => {
  it('gives each erased account an address that cannot receive mail', () => {
    expect(erasedEmailOf('abc')).toBe('erased-abc@erased.invalid');
    expect(isErasedEmail(erasedEmailOf('abc'))).toBe(true);
    expect(isErasedEmail('mira@deosil.test')).toBe(false);
  });

  it('counts a kind’s period back from now', () => {
    expect(retentionCutoff('unpaidCheckouts', new Date('2026-12-31T00:00:00Z')).toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });
});
