import { describe, expect, it } from 'vitest';
import { billLines, billSummaryOf } from './bill-lines.ts';

describe('the rows of a bill', () => {
  const bill = billSummaryOf({
    subtotal: 3550,
    shipping: 0,
    total: 3066.5,
    adjustments: [{ kind: 'coupon', label: 'Discount (DEEPAM15)', amount: 532.5 }],
    charges: [{ kind: 'cod-fee', label: 'Cash on Delivery fee', amount: 49 }],
  });

  it('reads Subtotal, each offer as a saving, Shipping FREE, each charge and the Total, in that order', () => {
    expect(billLines(bill).map((row) => [row.label, row.text])).toEqual([
      ['Subtotal', '₹3,550.00'],
      ['Discount (DEEPAM15)', '−₹532.50'],
      ['Shipping', 'FREE'],
      ['Cash on Delivery fee', '₹49.00'],
      ['Total', '₹3,066.50'],
    ]);
  });

  it('names its figures for screens and tests, and signs what is taken off', () => {
    expect(billLines(bill).map((row) => [row.name, row.amountPaise])).toEqual([
      ['subtotal', 355_000],
      ['discount', -53_250],
      ['shipping', 0],
      ['cod-fee', 4_900],
      ['total', 306_650],
    ]);
  });

  it('says how the total is paid, and prints a plain minus for plain text', () => {
    const rows = billLines(bill, { totalLabel: 'To pay on delivery', minus: '-' });
    expect(rows.at(-1)).toMatchObject({ label: 'To pay on delivery', text: '₹3,066.50' });
    expect(rows[1]!.text).toBe('-₹532.50');
  });

  it('shows what has been refunded under the total, once anything has', () => {
    expect(billLines(billSummaryOf({ subtotal: 100, shipping: 0, total: 100, adjustments: [], charges: [], refundedAmount: 40 })).at(-1)).toMatchObject({ label: 'Refunded', text: '₹40.00' });
    expect(billLines(billSummaryOf({ subtotal: 100, shipping: 0, total: 100, adjustments: [], charges: [], refundedAmount: 0 })).at(-1)).toMatchObject({ label: 'Total' });
  });

  it('states the GST inside the total where it is known, after the total', () => {
    const rows = billLines(billSummaryOf({ subtotal: 2999, shipping: 0, total: 2999, adjustments: [], charges: [], includedGst: 457.47 }));
    expect(rows.slice(-2).map((row) => [row.label, row.text])).toEqual([
      ['Total', '₹2,999.00'],
      ['Includes GST', '₹457.47'],
    ]);
  });

  it('leaves out offers and charges of nothing', () => {
    const plain = billSummaryOf({ subtotal: 100, shipping: 0, total: 100, adjustments: [{ kind: 'promotion', label: 'Nothing', amount: 0 }], charges: [] });
    expect(billLines(plain).map((row) => row.label)).toEqual(['Subtotal', 'Shipping', 'Total']);
  });

  it('shows what balances paid under the total as a payment, and what is left to pay, without changing the total', () => {
    const rows = billLines({ ...bill, paidWithBalancesPaise: 1_000_00 }, { dueLabel: 'To pay on delivery' });
    expect(rows.slice(-3).map((row) => [row.name, row.label, row.text])).toEqual([
      ['total', 'Total', '₹3,066.50'],
      ['balances', 'Paid with gift cards and store credit', '−₹1,000.00'],
      ['due', 'To pay on delivery', '₹2,066.50'],
    ]);
    expect(billLines({ ...bill, paidWithBalancesPaise: 0 }).at(-1)).toMatchObject({ name: 'total' });
    // Never more than the total is shown as paid, so what is left is never below nothing.
    expect(billLines({ ...bill, paidWithBalancesPaise: 9_999_00 }).at(-1)).toMatchObject({ name: 'due', label: 'To pay', amountPaise: 0 });
  });
});
