import { describe, expect, it } from 'vitest';
import {
  deliveryPromiseText,
  estimatedDeliveryDay,
  formatDeliveryDay,
  isPincode,
  parsePinRange,
  pincodeProblem,
  pinRangeText,
  rangesConflict,
  zoneRuleFor,
  type DeliveryPromise,
} from './delivery-promise.ts';

/** A moment given as the shop's wall clock (IST, +05:30). */
const ist = (wallClock: string) => new Date(`${wallClock}+05:30`);

describe('estimatedDeliveryDay', () => {
  // November 2026: Mon 23, Tue 24, Wed 25, Thu 26, Fri 27, Sat 28, Sun 29, Mon 30.
  it.each([
    ['Monday morning, 3 days', '2026-11-23T10:00:00', 3, [], '2026-11-26'],
    ['Monday 13:59, still before the cut-off', '2026-11-23T13:59:00', 3, [], '2026-11-26'],
    ['Monday 14:00, packed on Tuesday', '2026-11-23T14:00:00', 3, [], '2026-11-27'],
    ['Thursday, 3 days: Saturday counts, Sunday does not', '2026-11-26T09:00:00', 3, [], '2026-11-30'],
    ['Saturday, 1 day: the next Monday', '2026-11-28T11:00:00', 1, [], '2026-11-30'],
    ['Sunday, 2 days', '2026-11-29T11:00:00', 2, [], '2026-12-01'],
    ['Saturday evening after the cut-off, 1 day: Sunday is skipped', '2026-11-28T20:00:00', 1, [], '2026-11-30'],
    ['a holiday in the way is skipped', '2026-11-23T10:00:00', 3, ['2026-11-25'], '2026-11-27'],
    ['a holiday and a Sunday in the way', '2026-11-26T10:00:00', 3, ['2026-11-28'], '2026-12-01'],
    ['the arrival never lands on a holiday', '2026-11-23T10:00:00', 1, ['2026-11-24', '2026-11-25'], '2026-11-26'],
    ['a holiday before the count starts changes nothing', '2026-11-23T10:00:00', 2, ['2026-11-23'], '2026-11-25'],
    ['across the year end', '2026-12-30T10:00:00', 3, ['2027-01-01'], '2027-01-04'],
  ])('%s', (_case, placed, days, holidays, expected) => {
    expect(estimatedDeliveryDay(ist(placed), days, holidays)).toBe(expected);
  });

  it('counts on the shop clock, not the server clock: 23:30 UTC on Sunday is Monday 05:00 in India', () => {
    expect(estimatedDeliveryDay(new Date('2026-11-22T23:30:00Z'), 1)).toBe('2026-11-24');
    // 08:45 UTC on Monday is 14:15 in India: past the cut-off.
    expect(estimatedDeliveryDay(new Date('2026-11-23T08:45:00Z'), 1)).toBe('2026-11-25');
  });

  it('refuses a count no zone can have', () => {
    expect(() => estimatedDeliveryDay(ist('2026-11-23T10:00:00'), 0)).toThrow(RangeError);
    expect(() => estimatedDeliveryDay(ist('2026-11-23T10:00:00'), 2.5)).toThrow(RangeError);
    expect(() => estimatedDeliveryDay(ist('2026-11-23T10:00:00'), 31)).toThrow(RangeError);
  });
});

describe('PIN codes and ranges', () => {
  it('says six digits that cannot be a PIN code are not one, and asks for six digits otherwise', () => {
    expect(pincodeProblem('000000')).toBe('000000 is not a valid PIN code');
    expect(pincodeProblem('5600')).toBe('Please enter a 6-digit PIN code');
    expect(pincodeProblem('560 038')).toBeNull();
  });

  it.each([
    ['560038', true],
    ['110001', true],
    ['056003', false],
    ['56003', false],
    ['5600388', false],
    ['56O038', false],
    [' 560038', false],
  ])('%s is a PIN code: %s', (value, expected) => {
    expect(isPincode(value)).toBe(expected);
  });

  it.each([
    ['560', { from: 560000, to: 560999 }, '560'],
    ['7', { from: 700000, to: 799999 }, '7'],
    ['744101', { from: 744101, to: 744101 }, '744101'],
    ['682551-682559', { from: 682551, to: 682559 }, '682551–682559'],
    [' 110001 – 110099 ', { from: 110001, to: 110099 }, '110001–110099'],
    ['780000-799999', { from: 780000, to: 799999 }, '780000–799999'],
  ])('%s reads as %o and is written back as %s', (text, range, back) => {
    expect(parsePinRange(text)).toEqual(range);
    expect(pinRangeText(range)).toBe(back);
  });

  it.each(['', '0', '05', '1234567', '560-561', '682559-682551', 'abc', '56 0'])('%s is not a range', (text) => {
    expect(parsePinRange(text)).toBeNull();
  });

  it('ranges nest or stay apart', () => {
    expect(rangesConflict({ from: 560000, to: 560999 }, { from: 500000, to: 599999 })).toBe(false);
    expect(rangesConflict({ from: 560000, to: 560999 }, { from: 570000, to: 570999 })).toBe(false);
    expect(rangesConflict({ from: 560000, to: 560999 }, { from: 560500, to: 561499 })).toBe(true);
  });

  it('the narrowest range holding a PIN speaks for it', () => {
    const rules = [
      { from: 100000, to: 899999, name: 'india' },
      { from: 560000, to: 560999, name: 'bengaluru' },
      { from: 744000, to: 744999, name: 'andaman' },
    ];
    expect(zoneRuleFor('560038', rules)?.name).toBe('bengaluru');
    expect(zoneRuleFor('562110', rules)?.name).toBe('india');
    expect(zoneRuleFor('744101', rules)?.name).toBe('andaman');
    expect(zoneRuleFor('900001', rules)).toBeNull();
    expect(zoneRuleFor('56003', rules)).toBeNull();
  });
});

describe('the promise as a shopper reads it', () => {
  const promise: DeliveryPromise = {
    pincode: '560038',
    serviceable: true,
    city: 'Bengaluru',
    district: 'Bengaluru',
    state: 'Karnataka',
    zone: 'local',
    estimatedDelivery: '2026-11-26',
    codAvailable: true,
    codFee: 29,
  };

  it('names the place, the day and cash on delivery', () => {
    expect(formatDeliveryDay('2026-11-26')).toBe('Thu, 26 Nov');
    expect(deliveryPromiseText(promise)).toBe('Delivers to 560038 (Bengaluru, Karnataka) by Thu, 26 Nov · Cash on delivery available');
  });

  it('says so when cash on delivery is not offered, and when the shop does not deliver', () => {
    expect(deliveryPromiseText({ ...promise, pincode: '781001', city: 'Kamrup', state: 'Assam', codAvailable: false })).toBe(
      'Delivers to 781001 (Kamrup, Assam) by Thu, 26 Nov · Pay online only',
    );
    expect(deliveryPromiseText(promise, { cashOnDelivery: false })).toBe('Delivers to 560038 (Bengaluru, Karnataka) by Thu, 26 Nov');
    expect(deliveryPromiseText({ ...promise, pincode: '744101', serviceable: false, estimatedDelivery: null, zone: 'not-serviceable' })).toBe("We don't deliver to 744101 yet");
  });
});
