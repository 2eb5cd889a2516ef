import { describe, expect, it } from 'vitest';
import { cashDuePaise, COD_REASONS, codConfirmBy, codConfirmWindowOpen, codEligibility, DEFAULT_COD_MAX_ORDER_PAISE, type CodFacts } from './cash-on-delivery.ts';

const eligible: CodFacts = {
  pincode: '411001',
  serviceable: true,
  codAllowed: true,
  totalPaise: 250_000,
  maxOrderPaise: DEFAULT_COD_MAX_ORDER_PAISE,
  emailVerified: true,
  phoneVerified: false,
  openCodOrders: 0,
  latestOutcomes: [],
};

describe('who may pay on delivery', () => {
  it.each<[string, Partial<CodFacts>, ReturnType<typeof codEligibility>]>([
    ['an eligible order', {}, { eligible: true }],
    ['exactly the maximum, fee included', { totalPaise: 500_000 }, { eligible: true }],
    ['one paisa over the maximum', { totalPaise: 500_001 }, { eligible: false, rule: 'total', reason: 'Cash on delivery is available for orders up to ₹5,000.00' }],
    ['a PIN whose zone collects no cash', { codAllowed: false, pincode: '744101' }, { eligible: false, rule: 'pincode', reason: 'Cash on delivery is not available for PIN code 744101' }],
    ['a PIN no zone serves', { serviceable: false, codAllowed: false, pincode: '744101' }, { eligible: false, rule: 'pincode', reason: "We don't deliver to 744101 yet" }],
    ['an unverified e-mail', { emailVerified: false }, { eligible: false, rule: 'account', reason: COD_REASONS.unverifiedEmail }],
    ['an unverified e-mail but a phone proven by a texted code', { emailVerified: false, phoneVerified: true }, { eligible: true }],
    ['one open COD order', { openCodOrders: 1 }, { eligible: true }],
    ['two open COD orders', { openCodOrders: 2 }, { eligible: false, rule: 'account', reason: COD_REASONS.tooManyOpen }],
    ['the last two parcels returned', { latestOutcomes: ['returned', 'returned', 'collected'] }, { eligible: false, rule: 'account', reason: COD_REASONS.rtoHistory }],
    ['one return, then a collection', { latestOutcomes: ['collected', 'returned', 'returned'] }, { eligible: true }],
    ['a single returned parcel', { latestOutcomes: ['returned'] }, { eligible: true }],
    ['account rules before order rules', { emailVerified: false, codAllowed: false, totalPaise: 900_000 }, { eligible: false, rule: 'account', reason: COD_REASONS.unverifiedEmail }],
  ])('%s', (_, facts, expected) => {
    expect(codEligibility({ ...eligible, ...facts })).toEqual(expected);
  });

  it('words a custom maximum in rupees', () => {
    expect(codEligibility({ ...eligible, maxOrderPaise: 200_000 })).toMatchObject({ reason: 'Cash on delivery is available for orders up to ₹2,000.00' });
  });
});

describe('the confirmation window', () => {
  it('is 24 hours from placing, the deadline itself included', () => {
    const placed = new Date('2026-11-20T10:00:00Z');
    const by = codConfirmBy(placed);
    expect(by.toISOString()).toBe('2026-11-21T10:00:00.000Z');
    expect(codConfirmWindowOpen(by, by)).toBe(true);
    expect(codConfirmWindowOpen(by, new Date(by.getTime() + 1))).toBe(false);
  });
});

describe('the cash the courier collects', () => {
  it('is the total less what gift cards and store credit paid, never below nothing', () => {
    expect(cashDuePaise({ totalPaise: 3_048_00, balancesPaise: 0 })).toBe(3_048_00);
    expect(cashDuePaise({ totalPaise: 3_048_00, balancesPaise: 500_00 })).toBe(2_548_00);
    expect(cashDuePaise({ totalPaise: 3_048_00, balancesPaise: 3_048_00 })).toBe(0);
  });

});
