import { describe, expect, it } from 'vitest';
import { addBusinessDays, deliveryEstimateText, firstOrderNumberAttempt, FOUR_DIGIT_DRAWS, orderNumber, orderNumberDigits, orderStatusLabel, shopDate, statusChangeMessage, statusInfo, statusName } from './orders.ts';

describe('order statuses', () => {
  it('reads a status to the customer by its name and label, never the stored word', () => {
    expect(orderStatusLabel('out-for-delivery')).toBe('Out for Delivery — Approaching Your Realm');
    expect(orderStatusLabel('processing')).toBe('Processing — Brewing in Progress');
    expect(orderStatusLabel('mystery')).toBe('Pending — Order Received');
    expect(statusChangeMessage('DP-20261122-0042', 'out-for-delivery')).toBe('Order DP-20261122-0042 status changed to Out for Delivery — Approaching Your Realm');
  });

  it('carry the spec labels and progress, unknown ones reading as pending', () => {
    expect(statusInfo('shipped')).toEqual({ label: 'On Mystical Journey', progress: 75 });
    expect(statusInfo('cancelled').progress).toBe(0);
    expect(statusInfo('teleported')).toEqual({ label: 'Order Received', progress: 25 });
  });
});

describe('status names', () => {
  it('name each status plainly, and an unknown one as pending like its label', () => {
    expect(statusName('out-for-delivery')).toBe('Out for Delivery');
    expect(statusName('cancelled')).toBe('Cancelled');
    expect(statusName('teleported')).toBe('Pending');
  });
});

describe('shop clock', () => {
  it('dates orders in India time, not UTC', () => {
    expect(shopDate(new Date('2026-11-20T18:29:59Z'))).toBe('2026-11-20');
    expect(shopDate(new Date('2026-11-20T18:30:00Z'))).toBe('2026-11-21');
    expect(orderNumber(new Date('2026-11-20T18:30:00Z'), 0.4821)).toBe('DP-20261121-4821');
    expect(orderNumber(new Date('2026-11-21T10:00:00Z'), 0.0007)).toBe('DP-20261121-0007');
  });

  it('draws four-digit order numbers first, and longer ones once a day keeps clashing', () => {
    expect([1, 2, 3, 4, 6, 7, 10].map(orderNumberDigits)).toEqual([4, 4, 4, 6, 6, 8, 8]);
    expect(orderNumber(new Date('2026-11-21T10:00:00Z'), 0.0007, 6)).toBe('DP-20261121-000700');
  });

  it("starts a crowded day's later orders at six digits, and the next day at four again", () => {
    expect(orderNumberDigits(firstOrderNumberAttempt('2026-11-21', '2026-11-21'))).toBe(6);
    expect(orderNumberDigits(firstOrderNumberAttempt('2026-11-22', '2026-11-21'))).toBe(4);
    expect(orderNumberDigits(firstOrderNumberAttempt('2026-11-21', null))).toBe(4);
    // A crowded day is one whose order found all its four-digit draws taken.
    expect(orderNumberDigits(FOUR_DIGIT_DRAWS)).toBe(4);
    expect(orderNumberDigits(FOUR_DIGIT_DRAWS + 1)).toBe(6);
  });

  it('skips weekends when adding business days', () => {
    // Friday 20 Nov 2026, noon IST, plus 7 business days is Tuesday 1 Dec.
    expect(shopDate(addBusinessDays(new Date('2026-11-20T06:30:00Z'), 7))).toBe('2026-12-01');
  });

  it('words the delivery estimate', () => {
    const now = new Date('2026-11-21T06:30:00Z');
    expect(deliveryEstimateText(now, new Date('2026-11-20T06:30:00Z'))).toBe('Delivered');
    expect(deliveryEstimateText(now, new Date('2026-11-21T17:00:00Z'))).toBe('Today');
    expect(deliveryEstimateText(now, new Date('2026-11-21T19:00:00Z'))).toBe('Tomorrow');
    expect(deliveryEstimateText(now, new Date('2026-11-28T06:30:00Z'))).toBe('In 7 days');
    expect(deliveryEstimateText(now, new Date('2026-11-29T06:30:00Z'))).toBe('29 Nov 2026');
  });
});
