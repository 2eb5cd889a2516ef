import { describe, expect, it } from 'vitest';
import { documentNumber, financialYear, gstinCheckCharacter, gstinError, gstinStateCode } from './tax-registration.ts';

describe('GSTIN', () => {
  it('accepts real registrations', () => {
    // The GST portal's own example, and published GSTINs of listed companies in Maharashtra, Tamil Nadu and Gujarat.
    for (const gstin of ['27AAPFU0939F1ZV', '27AAACR5055K1Z7', '33AAACH7409R1Z8', '24AAACC1206D1ZM']) expect(gstinError(gstin), gstin).toBeNull();
    expect(gstinStateCode('33AAACH7409R1Z8')).toBe('33');
  });

  it('refuses a wrong check character, a wrong shape or an unknown state, saying which', () => {
    expect(gstinError('27AAPFU0939F1ZW')).toBe('has the wrong check character (W; expected V)');
    expect(gstinError('27AAPFU0939F1Z')).toMatch(/^must be 15 characters/);
    expect(gstinError('27aapfu0939f1zv')).toMatch(/^must be 15 characters/);
    const unknownState = '99AAPFU0939F1Z';
    expect(gstinError(unknownState + gstinCheckCharacter(unknownState))).toBe("starts with 99, which is no Indian state's GST code");
  });
});

describe('document numbers', () => {
  it('restart with the financial year, 1 April on India’s clock', () => {
    expect(financialYear(new Date('2027-03-31T18:29:59Z'))).toBe('2627'); // 31 March 23:59:59 IST
    expect(financialYear(new Date('2027-03-31T18:30:00Z'))).toBe('2728'); // 1 April 00:00 IST
    expect(financialYear(new Date('2026-11-24T00:00:00Z'))).toBe('2627');
    expect(financialYear(new Date('2100-01-15T00:00:00Z'))).toBe('9900');
  });

  it('are at most 16 characters of letters, digits and slashes', () => {
    expect(documentNumber('invoice', '2627', 123)).toBe('DP/2627/000123');
    expect(documentNumber('credit-note', '2627', 7)).toBe('DPCN/2627/000007');
    expect(documentNumber('credit-note', '2627', 999_999)).toMatch(/^[A-Z0-9/-]{1,16}$/);
    expect(() => documentNumber('invoice', '2627', 1_000_000)).toThrow(RangeError);
  });
});
