import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cardRefundRefusal,
  deliveryDayProblem,
  deliveryMoment,
  giftCardMessageProblem,
  giftCardPurchaseAmountProblem,
  holdsOnlyGiftCards,
  providerCollectsPaise,
  vouchersPaise,
} from './gift-card-sale.ts';
import { billOf, billProblems, billTotals, withCharge } from './bill.ts';

// 27 Nov 2026, 16:00 shop time.
const now = new Date('2026-11-27T10:30:00.000Z');

describe('a gift card bought', () => {
  it('is a whole amount from ₹500 to ₹10,000', () => {
    expect(giftCardPurchaseAmountProblem(500)).toBeNull();
    expect(giftCardPurchaseAmountProblem(10_000)).toBeNull();
    expect(giftCardPurchaseAmountProblem(499)).toBe('A gift card is from ₹500 to ₹10,000');
    expect(giftCardPurchaseAmountProblem(10_001)).toBe('A gift card is from ₹500 to ₹10,000');
    expect(giftCardPurchaseAmountProblem(600.5)).toBe('A gift card is a whole number of rupees');
  });

  it('is delivered today or on a later day within a year, never a day past', () => {
    expect(deliveryDayProblem('2026-11-27', now)).toBeNull();
    expect(deliveryDayProblem('2027-11-27', now)).toBeNull();
    expect(deliveryDayProblem('2026-11-26', now)).toBe('The delivery date cannot be in the past');
    expect(deliveryDayProblem('2027-11-28', now)).toBe('The delivery date must be within 365 days');
    expect(deliveryDayProblem('2026-11-31', now)).toBe('The delivery date must be a date (YYYY-MM-DD)');
    // Just after midnight in India it is already the next day there.
    expect(deliveryDayProblem('2026-11-27', new Date('2026-11-27T19:00:00.000Z'))).toBe('The delivery date cannot be in the past');
  });

  it('is e-mailed at 09:00 shop time on a later day, and at once when its day has come', () => {
    expect(deliveryMoment('2026-12-24', now).toISOString()).toBe('2026-12-24T03:30:00.000Z');
    expect(deliveryMoment('2026-11-27', now)).toBe(now);
    const early = new Date('2026-11-27T01:00:00.000Z');
    expect(deliveryMoment('2026-11-27', early).toISOString()).toBe('2026-11-27T03:30:00.000Z');
  });

  it('takes a message of up to 250 characters without control characters; a line break is fine', () => {
    expect(giftCardMessageProblem('Happy Diwali!\nWith love')).toBeNull();
    expect(giftCardMessageProblem('x'.repeat(251))).toBe('The message must be at most 250 characters');
    expect(giftCardMessageProblem('a\u0000b')).toBe('The message may not contain control characters');
  });

  it('is collected at face value on top of what the balances leave of the bill', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 1_000_000 }),
        fc.array(fc.integer({ min: 500, max: 10_000 }), { maxLength: 5 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (bill, cards, share) => {
          const balances = Math.floor(bill * share);
          const vouchers = vouchersPaise(cards.map((amount) => ({ amount })));
          expect(vouchers).toBe(cards.reduce((sum, amount) => sum + amount * 100, 0));
          expect(providerCollectsPaise({ amountPaise: bill, balancesPaise: balances, vouchersPaise: vouchers })).toBe(bill - balances + vouchers);
        },
      ),
    );
  });
});

describe('gift cards bought alone', () => {
  it('are a bill of nothing: ₹0 of goods, sound, refusing any charge; the provider collects the cards outside it', () => {
    const bill = billOf([]);
    expect(billProblems(bill)).toEqual([]);
    expect(billTotals(bill)).toEqual({ subtotalPaise: 0, adjustmentsPaise: 0, chargesPaise: 0, totalPaise: 0 });
    expect(() => withCharge(bill, { kind: 'gift-wrap', amountPaise: 9_900 })).toThrow(RangeError);
    const cards = vouchersPaise([{ amount: 2000 }, { amount: 500 }]);
    expect(providerCollectsPaise({ amountPaise: billTotals(bill).totalPaise, balancesPaise: 0, vouchersPaise: cards })).toBe(2500_00);
  });

  it('are told from an order of goods by its bill of nothing', () => {
    expect(holdsOnlyGiftCards({ subtotalPaise: 0 })).toBe(true);
    expect(holdsOnlyGiftCards({ subtotalPaise: 1 })).toBe(false);
  });
});

describe('cardRefundRefusal', () => {
  const now = new Date('2026-11-28T06:00:00Z');
  const whole = {
    lastFour: 'W7XZ',
    status: 'active' as const,
    expiresAt: new Date('2027-11-28T06:00:00Z'),
    balancePaise: 2000_00,
    initialPaise: 2000_00,
    providerRefundId: null,
    redeemedOn: [],
  };

  it('lets a wholly unspent, live card bought be refunded', () => {
    expect(cardRefundRefusal(whole, now)).toBeNull();
  });

  it('refuses a card that paid for goods, even if a refund of them put its money back', () => {
    expect(cardRefundRefusal({ ...whole, redeemedOn: ['DP-20261128-0007'] }, now)).toBe(
      'Gift card ••••W7XZ was spent in part (on order DP-20261128-0007): the spent part bought goods, so only a wholly unspent card is refunded',
    );
  });

  it('refuses a card a checkout is paying with now, one refunded already, voided or expired', () => {
    expect(cardRefundRefusal({ ...whole, balancePaise: 500_00 }, now)).toMatch(/holds ₹500\.00 of its ₹2,000\.00: a checkout is paying with it now/);
    expect(cardRefundRefusal({ ...whole, providerRefundId: 'rfnd_1', status: 'void' }, now)).toBe('Gift card ••••W7XZ was refunded already (rfnd_1)');
    expect(cardRefundRefusal({ ...whole, status: 'void', balancePaise: 0 }, now)).toBe('Gift card ••••W7XZ is already cancelled: there is nothing on it to refund');
    expect(cardRefundRefusal({ ...whole, expiresAt: now }, now)).toBe('Gift card ••••W7XZ has expired, so it cannot be refunded');
  });
});
