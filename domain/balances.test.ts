import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  formatGiftCardCode,
  GIFT_CARD_ALPHABET,
  giftCardAmountProblem,
  giftCardCodeFrom,
  giftCardExpiry,
  lastFourOf,
  MINIMUM_COLLECTED_PAISE,
  normaliseGiftCardCode,
  planTenders,
  reminderDueAt,
  splitRefund,
  BY_TRANSFER,
  orderRefundParts,
  refundedText,
  refundMadeText,
  refundPartsOf,
  refundPartsText,
  refundTouchesBalances,
  splitTransferRefund,
} from './balances.ts';
import { billOf, billTotals, withAdjustment, withCharge } from './bill.ts';
import { taxBill } from './gst.ts';

describe('gift card codes', () => {
  it('are 16 symbols of the safe alphabet, printed in fours, read back however they are typed', () => {
    const code = giftCardCodeFrom(randomBytes);
    expect(code).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{16}$/);
    expect(formatGiftCardCode(code)).toMatch(/^(.{4}-){3}.{4}$/);
    expect(normaliseGiftCardCode(` ${formatGiftCardCode(code).toLowerCase()} `)).toBe(code);
    expect(lastFourOf(code)).toBe(code.slice(12));
  });

  it('uses every symbol with the same chance', () => {
    // Bytes 0..255 in turn: each symbol is picked exactly 8 times.
    let next = 0;
    const counts = new Map<string, number>();
    for (let round = 0; round < 16; round += 1) {
      const code = giftCardCodeFrom((size) => Uint8Array.from({ length: size }, () => next++ % 256));
      for (const symbol of code) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    }
    expect(counts.size).toBe(GIFT_CARD_ALPHABET.length);
    expect(new Set(counts.values())).toEqual(new Set([8]));
  });

  it('refuses what cannot be a code: too short, or a letter people misread', () => {
    expect(normaliseGiftCardCode('ABCD-EFGH-JKLM')).toBeNull();
    expect(normaliseGiftCardCode('ABCD-EFGH-JKLM-NPQ0')).toBeNull();
    expect(normaliseGiftCardCode('ABCD-EFGH-JKLM-NPQI')).toBeNull();
  });
});

describe('gift card amounts and expiry', () => {
  it('takes whole rupees from ₹500 to ₹10,000', () => {
    expect(giftCardAmountProblem(500_00)).toBeNull();
    expect(giftCardAmountProblem(10_000_00)).toBeNull();
    expect(giftCardAmountProblem(499_00)).toBe('A gift card is from ₹500 to ₹10,000');
    expect(giftCardAmountProblem(10_001_00)).toBe('A gift card is from ₹500 to ₹10,000');
    expect(giftCardAmountProblem(750_50)).toBe('A gift card is a whole number of rupees');
  });

  it('lasts at least a year, to the day, and reminds a month before', () => {
    expect(giftCardExpiry(new Date('2026-11-27T10:00:00Z'), 12).toISOString()).toBe('2027-11-27T10:00:00.000Z');
    expect(giftCardExpiry(new Date('2028-02-29T10:00:00Z'), 12).toISOString()).toBe('2029-02-28T10:00:00.000Z');
    expect(() => giftCardExpiry(new Date(), 6)).toThrow(RangeError);
    expect(reminderDueAt(new Date('2027-11-27T10:00:00Z')).toISOString()).toBe('2027-10-28T10:00:00.000Z');
  });
});

const sources = fc.array(fc.record({ accountId: fc.integer({ min: 1, max: 1000 }), availablePaise: fc.integer({ min: 0, max: 20_000_00 }) }), { maxLength: 5 });

describe('paying with balances', () => {
  it('takes the cards in order, then leaves the rest to be collected', () => {
    expect(planTenders(1500_00, [{ accountId: 7, availablePaise: 500_00 }, { accountId: 3, availablePaise: 2000_00 }])).toEqual({
      tenders: [{ accountId: 7, amountPaise: 500_00 }, { accountId: 3, amountPaise: 1000_00 }],
      balancesPaise: 1500_00,
      collectPaise: 0,
    });
    expect(planTenders(1500_00, [{ accountId: 7, availablePaise: 500_00 }])).toEqual({ tenders: [{ accountId: 7, amountPaise: 500_00 }], balancesPaise: 500_00, collectPaise: 1000_00 });
  });

  it('never leaves less than ₹1 for Razorpay: a few paise short is made ₹1 from the last card', () => {
    expect(planTenders(1000_00, [{ accountId: 1, availablePaise: 999_50 }])).toEqual({ tenders: [{ accountId: 1, amountPaise: 999_00 }], balancesPaise: 999_00, collectPaise: 100 });
    expect(planTenders(1000_00, [{ accountId: 1, availablePaise: 999_70 }, { accountId: 2, availablePaise: 20 }])).toEqual({
      tenders: [{ accountId: 1, amountPaise: 999_00 }],
      balancesPaise: 999_00,
      collectPaise: 100,
    });
  });

  it('never takes more than a balance holds or the total, and adds up to the paisa (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 50_000_00 }), sources, (total, offered) => {
        const plan = planTenders(total, offered);
        expect(plan.balancesPaise + plan.collectPaise).toBe(total);
        expect(plan.tenders.reduce((sum, tender) => sum + tender.amountPaise, 0)).toBe(plan.balancesPaise);
        expect(plan.collectPaise === 0 || plan.collectPaise >= MINIMUM_COLLECTED_PAISE).toBe(true);
        for (const tender of plan.tenders) {
          expect(tender.amountPaise).toBeGreaterThan(0);
          const held = offered.filter((source) => source.accountId === tender.accountId).reduce((sum, source) => sum + source.availablePaise, 0);
          expect(tender.amountPaise).toBeLessThanOrEqual(held);
        }
      }),
    );
  });

  it('leaves the bill and its GST split as they are: a tender is paid against the total, never taken off a line (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1_00, max: 10_000_00 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 2000_00 }),
        fc.integer({ min: 0, max: 200_00 }),
        sources,
        (prices, offer, fee, offered) => {
          let bill = billOf(prices.map((amountPaise, index) => ({ key: String(index), amountPaise })));
          bill = withAdjustment(bill, { kind: 'promotion', label: 'Offer', amountPaise: offer });
          bill = withCharge(withCharge(bill, { kind: 'cod-fee', amountPaise: fee }), { kind: 'gift-wrap', amountPaise: 99_00 });
          const before = JSON.stringify(taxBill(bill, () => 1800, 'intra-state'));
          const { totalPaise } = billTotals(bill);
          const plan = planTenders(totalPaise, offered);
          // The plan reads the total and returns tenders: the bill and its tax are what they were.
          expect(JSON.stringify(taxBill(bill, () => 1800, 'intra-state'))).toBe(before);
          expect(plan.balancesPaise + plan.collectPaise).toBe(totalPaise);
        },
      ),
    );
  });
});

describe('where a refund goes', () => {
  const paid = { collectedPaise: 1000_00, collectedRefundedPaise: 0, tenders: [{ accountId: 1, amountPaise: 500_00, refundedPaise: 0 }, { accountId: 2, amountPaise: 300_00, refundedPaise: 0 }] };

  it('goes back the way it was collected first, then onto the balances, the last used first', () => {
    expect(splitRefund(400_00, paid)).toEqual({ collectedPaise: 400_00, balances: [] });
    expect(splitRefund(1200_00, paid)).toEqual({ collectedPaise: 1000_00, balances: [{ accountId: 2, amountPaise: 200_00 }] });
    expect(splitRefund(1800_00, paid)).toEqual({ collectedPaise: 1000_00, balances: [{ accountId: 2, amountPaise: 300_00 }, { accountId: 1, amountPaise: 500_00 }] });
  });

  it('counts what was given back before, and never gives back more than was paid', () => {
    const after = { ...paid, collectedRefundedPaise: 1000_00, tenders: [{ accountId: 1, amountPaise: 500_00, refundedPaise: 0 }, { accountId: 2, amountPaise: 300_00, refundedPaise: 300_00 }] };
    expect(splitRefund(900_00, after)).toEqual({ collectedPaise: 0, balances: [{ accountId: 1, amountPaise: 500_00 }] });
  });
});

describe('a refund of a cash-on-delivery order that balances paid part of (decision 87)', () => {
  // ₹1,000 collected at the door, ₹800 paid by gift cards and store credit.
  const fresh = { cashPaise: 1000_00, cashOutPaise: 0, balancesPaise: 800_00, balancesOutPaise: 0 };

  it('is the transfer up to the cash collected, then the balances', () => {
    expect(splitTransferRefund(1800_00, fresh)).toEqual({ transferPaise: 1000_00, balancesPaise: 800_00 });
    expect(splitTransferRefund(600_00, fresh)).toEqual({ transferPaise: 600_00, balancesPaise: 0 });
    expect(splitTransferRefund(1200_00, fresh)).toEqual({ transferPaise: 1000_00, balancesPaise: 200_00 });
  });

  it('counts the transfers and balances already given back or still waiting, so a second refund takes only what is left', () => {
    // A first return took ₹1,200: ₹1,000 by transfer, ₹200 onto the balances.
    expect(splitTransferRefund(600_00, { ...fresh, cashOutPaise: 1000_00, balancesOutPaise: 200_00 })).toEqual({ transferPaise: 0, balancesPaise: 600_00 });
    expect(splitTransferRefund(300_00, { ...fresh, cashOutPaise: 900_00, balancesOutPaise: 0 })).toEqual({ transferPaise: 100_00, balancesPaise: 200_00 });
  });

  it('always adds up to the refund, and never puts more onto the balances than they paid and have not had back', () => {
    const amount = fc.integer({ min: 0, max: 5000_00 });
    fc.assert(
      fc.property(amount, amount, amount, amount, amount, (owed, cash, cashOutRaw, balances, balancesOutRaw) => {
        const cashOutPaise = Math.min(cashOutRaw, cash);
        const balancesOutPaise = Math.min(balancesOutRaw, balances);
        const split = splitTransferRefund(owed, { cashPaise: cash, cashOutPaise, balancesPaise: balances, balancesOutPaise });
        expect(split.transferPaise + split.balancesPaise).toBe(owed);
        expect(split.balancesPaise).toBeGreaterThanOrEqual(0);
        expect(split.balancesPaise).toBeLessThanOrEqual(balances - balancesOutPaise);
        // The cash goes back first: the balances get anything only once the cash left is all in the transfer.
        if (split.balancesPaise > 0) expect(split.transferPaise).toBeGreaterThanOrEqual(cash - cashOutPaise);
      }),
    );
  });
});

describe('the words of a refund that went partly onto balances (docs/decisions/0068, 0075, 0087)', () => {
  it('gives the parts as made, each at most what is left of the refund, the money the rest', () => {
    expect(refundPartsOf(1500_00, { toBalancesPaise: 500_00 })).toEqual({ moneyPaise: 1000_00, toBalancesPaise: 500_00, toStoreCreditPaise: 0 });
    expect(refundPartsOf(1500_00, { toBalancesPaise: 500_00, toStoreCreditPaise: 1000_00 })).toEqual({ moneyPaise: 0, toBalancesPaise: 500_00, toStoreCreditPaise: 1000_00 });
    expect(refundPartsOf(400_00, { toBalancesPaise: 500_00, toStoreCreditPaise: 100_00 })).toEqual({ moneyPaise: 0, toBalancesPaise: 400_00, toStoreCreditPaise: 0 });
    expect(refundPartsOf(400_00)).toEqual({ moneyPaise: 400_00, toBalancesPaise: 0, toStoreCreditPaise: 0 });
  });

  it('says each part with its amount, the money first, then the store credit chosen, then the balances that paid', () => {
    const mixed = refundPartsOf(1500_00, { toBalancesPaise: 500_00 });
    expect(refundPartsText(mixed)).toBe('₹1,000.00 back to the card you paid with and ₹500.00 back on the gift cards and store credit you paid with');
    expect(refundedText(mixed)).toBe('Refunded ₹1,500.00: ₹1,000.00 back to the card you paid with and ₹500.00 back on the gift cards and store credit you paid with');
    expect(refundMadeText('DP-1', mixed)).toBe(
      'we have refunded ₹1,500.00 for order DP-1: ₹1,000.00 back to the card you paid with and ₹500.00 back on the gift cards and store credit you paid with. Banks usually take 5–7 working days to show it on your card.',
    );
    const chosen = refundPartsOf(1500_00, { toBalancesPaise: 500_00, toStoreCreditPaise: 1000_00 });
    expect(refundMadeText('DP-1', chosen, { opens: true })).toBe(
      'We have refunded ₹1,500.00 for order DP-1: ₹1,000.00 onto your store credit as you asked and ₹500.00 back on the gift cards and store credit you paid with. You can spend it on your next order at once.',
    );
    const all = { moneyPaise: 100_00, toStoreCreditPaise: 200_00, toBalancesPaise: 300_00 };
    expect(refundPartsText(all, BY_TRANSFER)).toBe(
      '₹100.00 by transfer to your bank or UPI, ₹200.00 onto your store credit as you asked and ₹300.00 back on the gift cards and store credit you paid with',
    );
  });

  it('names one part without a total, and tells whether any of it went onto balances', () => {
    const onto = refundPartsOf(500_00, { toBalancesPaise: 500_00 });
    expect(refundedText(onto)).toBe('Refunded ₹500.00 back on the gift cards and store credit you paid with');
    expect(refundMadeText('DP-2', onto)).toBe('we have refunded ₹500.00 for order DP-2 back on the gift cards and store credit you paid with. You can spend it on your next order at once.');
    expect(refundTouchesBalances(onto)).toBe(true);
    expect(refundTouchesBalances(refundPartsOf(500_00))).toBe(false);
  });

  it("reads an order's refunds from the API's rupees: what went onto balances as recorded, the money the rest", () => {
    expect(orderRefundParts({ refundedAmount: 1499.5, refundedToBalances: 500, refundedToStoreCredit: 0 })).toEqual({ moneyPaise: 999_50, toBalancesPaise: 500_00, toStoreCreditPaise: 0 });
  });
});
