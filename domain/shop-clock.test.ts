import { describe, expect, it } from 'vitest';
import { formatShopDate } from './shop-clock.ts';

describe('formatShopDate', () => {
  // 21:00 UTC on 17 November is 02:30 on 18 November in India.
  const lateEvening = '2026-11-17T21:00:00.000Z';

  it('prints the day of the shop, not of the machine', () => {
    expect(formatShopDate(lateEvening)).toBe('18 Nov 2026');
    expect(formatShopDate(new Date(lateEvening), 'longDay')).toBe('18 November 2026');
  });

  it('prints the month, and the time of day on the shop clock', () => {
    expect(formatShopDate('2026-11-30T19:00:00.000Z', 'month')).toBe('December 2026');
    expect(formatShopDate(lateEvening, 'dateTime')).toBe('18 Nov 2026, 2:30 am');
  });
});
