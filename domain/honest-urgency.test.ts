import { describe, expect, it } from 'vitest';
import { LOW_STOCK_THRESHOLD } from './catalogue.ts';
import { countdownText, scarcityNote } from './honest-urgency.ts';

describe('"Only N left"', () => {
  it('is the count free to sell, and only while it is low', () => {
    expect(scarcityNote(3)).toBe('Only 3 left');
    expect(scarcityNote(1)).toBe('Only 1 left');
    expect(scarcityNote(LOW_STOCK_THRESHOLD)).toBe(`Only ${LOW_STOCK_THRESHOLD} left`);
    expect(scarcityNote(LOW_STOCK_THRESHOLD + 1)).toBeNull();
    expect(scarcityNote(0)).toBeNull();
  });
});

describe('a countdown', () => {
  const endsAt = '2026-11-29T18:29:59.000Z';

  it('tells the time left to the stored end, rounded down', () => {
    expect(countdownText(endsAt, new Date('2026-11-27T14:00:00Z'))).toBe('Ends in 2 days 4 hours');
    expect(countdownText(endsAt, new Date('2026-11-29T15:17:00Z'))).toBe('Ends in 3 hours 12 minutes');
    expect(countdownText(endsAt, new Date('2026-11-29T18:24:00Z'))).toBe('Ends in 5 minutes');
    expect(countdownText(endsAt, new Date('2026-11-29T18:29:30Z'))).toBe('Ends in under a minute');
  });

  it('is gone once the end has passed, never starting again', () => {
    expect(countdownText(endsAt, new Date('2026-11-29T18:29:59Z'))).toBeNull();
    expect(countdownText(endsAt, new Date('2026-12-01T00:00:00Z'))).toBeNull();
  });
});
