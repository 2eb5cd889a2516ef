import { describe, expect, it } from 'vitest';
import { averageOrderPaise, bucketStarts, changeText, conversionRate, percentChange, periodWindow, weekStart } from './reporting-periods.ts';

describe('period windows', () => {
  it('start at midnight India time and end now', () => {
    // 20:00 UTC on 21 Nov is 01:30 on 22 Nov in India: 'today' began 90 minutes ago.
    const now = new Date('2026-11-21T20:00:00Z');
    const today = periodWindow(now, 1);
    expect(today.start.toISOString()).toBe('2026-11-21T18:30:00.000Z');
    expect(today.end).toBe(now);
    expect(today.previousStart.toISOString()).toBe('2026-11-20T18:30:00.000Z');
    expect(today.previousEnd.toISOString()).toBe('2026-11-20T20:00:00.000Z');
  });

  it('cover N whole shop days including today, compared with the N days before up to the same moment', () => {
    const now = new Date('2026-11-22T06:00:00Z');
    const week = periodWindow(now, 7);
    expect(week.start.toISOString()).toBe('2026-11-15T18:30:00.000Z');
    expect(week.previousStart.toISOString()).toBe('2026-11-08T18:30:00.000Z');
    expect(week.previousEnd.toISOString()).toBe('2026-11-15T06:00:00.000Z');
    const year = periodWindow(now, 365);
    expect(year.start.toISOString()).toBe('2025-11-22T18:30:00.000Z');
  });

  it('refuse a period that is not whole days', () => {
    expect(() => periodWindow(new Date(), 0)).toThrow(RangeError);
    expect(() => periodWindow(new Date(), 1.5)).toThrow(RangeError);
  });
});

describe('percentage change', () => {
  it('is the real change to one decimal', () => {
    expect(percentChange(1125, 1000)).toBe(12.5);
    expect(percentChange(979, 1000)).toBe(-2.1);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(500, 500)).toBe(0);
  });

  it('has no percentage when the previous period had nothing', () => {
    expect(percentChange(10, 0)).toBeNull();
    expect(percentChange(0, 0)).toBe(0);
    expect(changeText(null)).toBe('New');
    expect(changeText(12.5)).toBe('+12.5%');
    expect(changeText(-2.1)).toBe('-2.1%');
    expect(changeText(0)).toBe('0%');
  });
});

describe('buckets', () => {
  it('list every day of a daily window in shop dates', () => {
    const window = periodWindow(new Date('2026-11-21T20:00:00Z'), 7);
    expect(bucketStarts(window, 'day')).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22']);
  });

  it('group weeks from Monday, the first week starting before the window', () => {
    expect(weekStart('2026-11-22')).toBe('2026-11-16'); // a Sunday
    expect(weekStart('2026-11-16')).toBe('2026-11-16');
    const window = periodWindow(new Date('2026-11-22T06:00:00Z'), 90);
    const weeks = bucketStarts(window, 'week');
    expect(weeks[0]).toBe('2026-08-24'); // the Monday before Tuesday 25 Aug, the first day
    expect(weeks.at(-1)).toBe('2026-11-16');
    expect(weeks).toHaveLength(13);
  });
});

describe('conversion rate and average order value', () => {
  it('count the share of active customers who ordered, to one decimal', () => {
    expect(conversionRate(3, 40)).toBe(7.5);
    expect(conversionRate(1, 3)).toBe(33.3);
    expect(conversionRate(5, 0)).toBe(0);
    // A share of people: more buyers than customers (a figure gone wrong) still reads 100 %, never 120 %.
    expect(conversionRate(12, 10)).toBe(100);
    expect(conversionRate(1, 1)).toBe(100);
  });

  it('average in whole paise', () => {
    expect(averageOrderPaise(100_000, 3)).toBe(33_333);
    expect(averageOrderPaise(0, 0)).toBe(0);
  });
});
