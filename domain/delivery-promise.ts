/**
 * Where the shop delivers and by when: PIN codes, the zones their ranges fall into, and the delivery date a shopper
 * is promised, counted on the shop's clock (domain/shop-clock.ts) over the days couriers work.
 */
import { formatShopDate } from './shop-clock.ts';
import { shopDate, shopHour } from './orders.ts';

/** The kinds of zone a PIN range can be in; each range also carries its own days and cash-on-delivery terms. */
export const SHIPPING_ZONES = ['local', 'metro', 'rest-of-india', 'north-east-and-islands', 'not-serviceable'] as const;
export type ShippingZone = (typeof SHIPPING_ZONES)[number];

export const SHIPPING_ZONE_NAMES: Record<ShippingZone, string> = {
  local: 'Local',
  metro: 'Metro',
  'rest-of-india': 'Rest of India',
  'north-east-and-islands': 'North-east and islands',
  'not-serviceable': 'Not serviceable',
};

/** An Indian PIN code: six digits, the first (the postal region) never 0. */
export const PINCODE_PATTERN = /^[1-9]\d{5}$/;
export const PINCODE_MESSAGE = 'pincode must be a 6-digit Indian PIN code';

export function isPincode(value: string): boolean {
  return PINCODE_PATTERN.test(value);
}

/** Every PIN from `from` to `to`, both included, as six-digit numbers. */
export interface PinRange {
  from: number;
  to: number;
}

const LOWEST_PIN = 100_000;
const HIGHEST_PIN = 999_999;

/**
 * An admin's spelling of a range: a prefix of 1 to 6 digits ('560' is 560000–560999) or two full PIN codes
 * joined by a dash ('682551-682559'). Null when it is neither.
 */
export function parsePinRange(raw: string): PinRange | null {
  const value = raw.trim();
  const prefix = /^([1-9]\d{0,5})$/.exec(value);
  if (prefix) {
    const digits = prefix[1]!;
    const width = 10 ** (6 - digits.length);
    const from = Number(digits) * width;
    return { from, to: from + width - 1 };
  }
  const range = /^([1-9]\d{5})\s*[-–]\s*([1-9]\d{5})$/.exec(value);
  if (range) {
    const from = Number(range[1]);
    const to = Number(range[2]);
    return from <= to ? { from, to } : null;
  }
  return null;
}

/** The shortest way to write a range back: its prefix when it is exactly one, else 'from–to'. */
export function pinRangeText({ from, to }: PinRange): string {
  for (let digits = 1; digits <= 6; digits++) {
    const width = 10 ** (6 - digits);
    if (from % width === 0 && to === from + width - 1) return String(from / width);
  }
  return `${from}–${to}`;
}

export function rangeContains(outer: PinRange, inner: PinRange): boolean {
  return outer.from <= inner.from && inner.to <= outer.to;
}

/**
 * Ranges must nest or stay apart, like postal prefixes do: then every PIN has exactly one narrowest range, and
 * the answer never depends on the order rows were entered. Two ranges that only partly overlap conflict.
 */
export function rangesConflict(a: PinRange, b: PinRange): boolean {
  const overlap = a.from <= b.to && b.from <= a.to;
  return overlap && !rangeContains(a, b) && !rangeContains(b, a);
}

export function isValidPinRange({ from, to }: PinRange): boolean {
  return Number.isInteger(from) && Number.isInteger(to) && LOWEST_PIN <= from && from <= to && to <= HIGHEST_PIN;
}

/** The narrowest range holding the PIN, which is the one that speaks for it; null when none does. */
export function zoneRuleFor<T extends PinRange>(pincode: string, rules: readonly T[]): T | null {
  if (!isPincode(pincode)) return null;
  const pin = Number(pincode);
  let best: T | null = null;
  for (const rule of rules) {
    if (rule.from <= pin && pin <= rule.to && (!best || rule.to - rule.from < best.to - best.from)) best = rule;
  }
  return best;
}

/** Orders placed at or after this hour (shop time) are packed the next day, so their count starts a day later. */
export const ORDER_CUTOFF_HOUR = 14;
/** Couriers do not deliver on Sundays. */
const SUNDAY = 0;
/** More delivery days than any zone may promise: a bound on the counting loop, whatever the holidays. */
export const MAX_DELIVERY_DAYS = 30;

/** The calendar day after a YYYY-MM-DD day. */
export function nextDay(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

export function isDeliveryDay(day: string, holidays: ReadonlySet<string>): boolean {
  return new Date(`${day}T00:00:00Z`).getUTCDay() !== SUNDAY && !holidays.has(day);
}

/**
 * The day (YYYY-MM-DD, shop time) an order placed at `placedAt` arrives when its zone takes `deliveryDays`: that
 * many delivery days (Monday to Saturday, not a holiday) after the day of the order, or after the next day once
 * the day's packing has closed at ORDER_CUTOFF_HOUR. The arrival is itself a delivery day.
 */
export function estimatedDeliveryDay(placedAt: Date, deliveryDays: number, holidays: Iterable<string> = []): string {
  if (!Number.isInteger(deliveryDays) || deliveryDays < 1 || deliveryDays > MAX_DELIVERY_DAYS) {
    throw new RangeError(`deliveryDays must be a whole number from 1 to ${MAX_DELIVERY_DAYS}`);
  }
  const closed = new Set(holidays);
  let day = shopDate(placedAt);
  if (shopHour(placedAt) >= ORDER_CUTOFF_HOUR) day = nextDay(day);
  // A year of holidays in a row would be an admin's mistake; stop counting there rather than loop for ever.
  for (let counted = 0, looked = 0; counted < deliveryDays && looked < 366; looked++) {
    day = nextDay(day);
    if (isDeliveryDay(day, closed)) counted += 1;
  }
  return day;
}

/**
 * The moment stored for a delivery day: midday on the shop's clock, which falls on the same date in UTC, so a
 * screen, an e-mail or an API client reading the date in either zone prints that same day.
 */
export function deliveryDayMoment(day: string): Date {
  return new Date(`${day}T12:00:00+05:30`);
}

/** 'Thu, 28 Nov': how a promised day reads in a sentence. */
export function formatDeliveryDay(day: string | Date): string {
  const moment = typeof day === 'string' ? deliveryDayMoment(day) : day;
  return formatShopDate(moment, 'weekdayDay');
}

/** What a PIN code check answers: the fields of `GET /api/shipping/serviceability`. */
export interface DeliveryPromise {
  pincode: string;
  serviceable: boolean;
  city: string | null;
  district: string | null;
  state: string | null;
  zone: ShippingZone;
  /** YYYY-MM-DD, shop time; null where the shop does not deliver. */
  estimatedDelivery: string | null;
  codAvailable: boolean;
  /** Rupees. */
  codFee: number;
}

/**
 * What is wrong with a typed PIN code, or null when it is one: six digits that cannot be a PIN (India Post's
 * first digit, the postal region, is never 0) are named as such, not asked for again as 'a 6-digit PIN code'.
 */
export function pincodeProblem(raw: string, lengthMessage = 'Please enter a 6-digit PIN code'): string | null {
  const digits = raw.replace(/[\s-]/g, '');
  if (isPincode(digits)) return null;
  return /^\d{6}$/.test(digits) ? `${digits} is not a valid PIN code` : lengthMessage;
}

/** What the PIN box and the checkout say of a PIN no zone serves. */
export const undeliverableText = (pincode: string) => `We don't deliver to ${pincode} yet`;

/**
 * The sentence under a PIN box: 'Delivers to 560038 (Bengaluru, Karnataka) by Thu, 28 Nov · Cash on delivery
 * available', or 'We don't deliver to 744101 yet'. Cash on delivery is named only where the checkout offers it.
 */
export function deliveryPromiseText(promise: DeliveryPromise, { cashOnDelivery = true }: { cashOnDelivery?: boolean } = {}): string {
  if (!promise.serviceable || !promise.estimatedDelivery) return undeliverableText(promise.pincode);
  const place = [promise.city, promise.state].filter(Boolean).join(', ');
  const where = place ? `${promise.pincode} (${place})` : promise.pincode;
  const sentence = `Delivers to ${where} by ${formatDeliveryDay(promise.estimatedDelivery)}`;
  if (!cashOnDelivery) return sentence;
  return `${sentence} · ${promise.codAvailable ? 'Cash on delivery available' : 'Pay online only'}`;
}
