/**
 * Reporting periods for the back office (dashboard and analytics), on the shop's clock (Asia/Kolkata).
 *
 * A period of N days is N whole shop days ending with today: it starts at midnight, India time, N-1 days ago and
 * ends now. It is compared with the same stretch N days earlier (from midnight N days before the start up to
 * this very moment N days ago), so 'today' at 3 pm is measured against yesterday up to 3 pm, never against a
 * whole day that had more hours to sell in.
 */
import { shopDate } from './orders.ts';

export const DASHBOARD_PERIODS = { today: 1, week: 7, month: 30, quarter: 90, year: 365 } as const;
export type DashboardPeriod = keyof typeof DASHBOARD_PERIODS;
export const DASHBOARD_PERIOD_NAMES = Object.keys(DASHBOARD_PERIODS) as DashboardPeriod[];

export type Bucket = 'day' | 'week';
export const ANALYTICS_PERIODS = {
  '7days': { days: 7, bucket: 'day' },
  '30days': { days: 30, bucket: 'day' },
  '3months': { days: 90, bucket: 'week' },
  '1year': { days: 365, bucket: 'week' },
} as const satisfies Record<string, { days: number; bucket: Bucket }>;
export type AnalyticsPeriod = keyof typeof ANALYTICS_PERIODS;
export const ANALYTICS_PERIOD_NAMES = Object.keys(ANALYTICS_PERIODS) as AnalyticsPeriod[];

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PeriodWindow {
  start: Date;
  end: Date;
  previousStart: Date;
  previousEnd: Date;
}

/** Midnight, India time, of a shop date (YYYY-MM-DD). */
export function shopMidnight(date: string): Date {
  return new Date(`${date}T00:00:00+05:30`);
}

/** Shifts a shop date (YYYY-MM-DD) by whole days. */
export function addShopDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function periodWindow(now: Date, days: number): PeriodWindow {
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`A period is one or more whole days, not ${days}`);
  const start = shopMidnight(addShopDays(shopDate(now), -(days - 1)));
  // India has no daylight saving, so whole days are always 24 hours long and a plain shift is exact.
  const shift = days * DAY_MS;
  return { start, end: now, previousStart: new Date(start.getTime() - shift), previousEnd: new Date(now.getTime() - shift) };
}

/**
 * Change against the previous period in percent, to one decimal. Nothing before and something now has no
 * percentage (null: the screens say 'New'); nothing before and nothing now is no change.
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

/** '+12.5%', '-2.1%', '0%' or 'New' for a change from nothing. */
export function changeText(change: number | null): string {
  if (change === null) return 'New';
  if (change === 0) return '0%';
  return `${change > 0 ? '+' : ''}${change.toFixed(1)}%`;
}

/** Monday of the shop week holding a shop date, as the database's date_trunc('week') counts weeks. */
export function weekStart(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addShopDays(date, -((weekday + 6) % 7));
}

/** Every bucket of a window, oldest first, named by its first shop date, so days without sales still appear. */
export function bucketStarts(window: Pick<PeriodWindow, 'start' | 'end'>, bucket: Bucket): string[] {
  const last = shopDate(window.end);
  let cursor = bucket === 'week' ? weekStart(shopDate(window.start)) : shopDate(window.start);
  const step = bucket === 'week' ? 7 : 1;
  const starts: string[] = [];
  while (cursor <= last) {
    starts.push(cursor);
    cursor = addShopDays(cursor, step);
  }
  return starts;
}

/** What the Conversion Rate card means, in its tooltip: the one definition, in the admin's words. */
export const CONVERSION_RATE_DEFINITION =
  'Share of active customers who placed at least one paid, not cancelled order in the period. A customer who orders several times counts once, so it never passes 100%.';

/**
 * The share of active customers who ordered in the period, as a percentage to one decimal. Active customers are
 * accounts with the customer role and status 'active' that existed when the period ended; `ordered` counts those
 * of them with an order in the period, each once. No customers: 0. Never above 100.
 */
export function conversionRate(ordered: number, activeCustomers: number): number {
  if (activeCustomers <= 0) return 0;
  return Math.round((Math.min(ordered, activeCustomers) / activeCustomers) * 1000) / 10;
}

/** Average order value in paise, rounded to the paisa; no orders, no average. */
export function averageOrderPaise(revenuePaise: number, orders: number): number {
  return orders > 0 ? Math.round(revenuePaise / orders) : 0;
}
