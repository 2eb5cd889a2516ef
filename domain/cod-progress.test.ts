import { describe, expect, it } from 'vitest';
import { canConfirm, codPaymentText, codShare, codStage, confirmByText, rtoRate } from './cod-progress.ts';

const cod = (over: Partial<{ confirmedAt: string; collectedAt: string; returnedToOriginAt: string; toCollect: number }> = {}) => ({
  fee: 49,
  toCollect: over.toCollect ?? 1049,
  confirmBy: '2026-11-25T09:45:00.000Z',
  confirmedAt: over.confirmedAt ?? null,
  collectedAt: over.collectedAt ?? null,
  returnedToOriginAt: over.returnedToOriginAt ?? null,
});
const rupees = (amount: number) => `₹${amount}`;

describe('codStage', () => {
  it('is null for an order paid online', () => {
    expect(codStage({ status: 'processing', cashOnDelivery: null })).toBeNull();
  });
  it('follows the order from confirmation to the door', () => {
    expect(codStage({ status: 'pending', cashOnDelivery: cod() })).toBe('awaiting_confirmation');
    expect(codStage({ status: 'pending', cashOnDelivery: cod({ confirmedAt: '2026-11-24T10:00:00Z' }) })).toBe('confirmed');
    expect(codStage({ status: 'delivered', cashOnDelivery: cod({ confirmedAt: '2026-11-24T10:00:00Z', collectedAt: '2026-11-27T10:00:00Z' }) })).toBe('collected');
    expect(codStage({ status: 'cancelled', cashOnDelivery: cod({ confirmedAt: '2026-11-24T10:00:00Z', returnedToOriginAt: '2026-11-28T10:00:00Z' }) })).toBe('returned');
  });
  it('tells an order cancelled before delivery from one returned to origin', () => {
    expect(codStage({ status: 'cancelled', cashOnDelivery: cod() })).toBe('cancelled');
  });
});

describe('canConfirm', () => {
  const order = { status: 'pending', cashOnDelivery: cod() };
  it('allows confirming up to the confirm-by time itself', () => {
    expect(canConfirm(order, new Date('2026-11-25T09:45:00Z'))).toBe(true);
    expect(canConfirm(order, new Date('2026-11-25T09:45:00.001Z'))).toBe(false);
  });
  it('refuses a confirmed or cancelled order', () => {
    expect(canConfirm({ status: 'pending', cashOnDelivery: cod({ confirmedAt: '2026-11-24T10:00:00Z' }) }, new Date('2026-11-24T11:00:00Z'))).toBe(false);
    expect(canConfirm({ status: 'cancelled', cashOnDelivery: cod() }, new Date('2026-11-24T11:00:00Z'))).toBe(false);
  });
});

describe('wording', () => {
  it('prints the confirm-by time on the shop clock', () => {
    expect(confirmByText(cod())).toBe('Confirm by 25 Nov 2026, 3:15 pm');
  });
  it('says what the customer pays at each stage', () => {
    expect(codPaymentText({ status: 'pending', cashOnDelivery: cod({ confirmedAt: '2026-11-24T10:00:00Z' }) }, rupees)).toBe('Confirmed · pay ₹1049 in cash when your potion arrives');
    // A gift card paid ₹500 of it: the courier asks only for the rest.
    expect(codPaymentText({ status: 'pending', cashOnDelivery: cod({ confirmedAt: '2026-11-24T10:00:00Z', toCollect: 549 }) }, rupees)).toBe('Confirmed · pay ₹549 in cash when your potion arrives');
    expect(codPaymentText({ status: 'delivered', cashOnDelivery: cod({ collectedAt: '2026-11-27T10:00:00Z' }) }, rupees)).toBe('Paid in cash');
    expect(codPaymentText({ status: 'processing', cashOnDelivery: null }, rupees)).toBe('');
  });
});

describe('report figures', () => {
  it('COD share is a percent of all orders placed, one decimal', () => {
    expect(codShare(1, 3)).toBe(33.3);
    expect(codShare(0, 0)).toBe(0);
  });
  it('RTO rate counts only COD orders that reached an end at the door', () => {
    expect(rtoRate(1, 2)).toBe(33.3);
    expect(rtoRate(0, 0)).toBe(0);
    expect(rtoRate(2, 0)).toBe(100);
  });
});
