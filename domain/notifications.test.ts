import { describe, expect, it } from 'vitest';
import { badgeText, byNewest, byPriority, longRelativeTime, shortRelativeTime } from './notifications.ts';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;

describe('relative times', () => {
  it('speaks the bell wording', () => {
    expect(shortRelativeTime(ago(30_000), now)).toBe('Just now');
    expect(shortRelativeTime(ago(5 * MIN), now)).toBe('5m ago');
    expect(shortRelativeTime(ago(3 * 60 * MIN), now)).toBe('3h ago');
    expect(shortRelativeTime(ago(2 * 24 * 60 * MIN), now)).toBe('2d ago');
    expect(shortRelativeTime(new Date(now.getTime() + MIN), now)).toBe('Just now');
  });

  it('speaks the Notification Center wording with Yesterday', () => {
    expect(longRelativeTime(ago(10_000), now)).toBe('Just now');
    expect(longRelativeTime(ago(MIN), now)).toBe('1 minute ago');
    expect(longRelativeTime(ago(2 * 60 * MIN), now)).toBe('2 hours ago');
    expect(longRelativeTime(ago(30 * 60 * MIN), now)).toBe('Yesterday');
    expect(longRelativeTime(ago(4 * 24 * 60 * MIN), now)).toBe('4 days ago');
  });
});

describe('badge and sorting', () => {
  it('caps the badge at 9+', () => {
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
  });

  it('sorts by priority weight then newest, or by date alone', () => {
    const items = [
      { id: 'a', priority: 'low' as const, createdAt: '2026-03-10T11:00:00Z' },
      { id: 'b', priority: 'high' as const, createdAt: '2026-03-09T11:00:00Z' },
      { id: 'c', priority: 'medium' as const, createdAt: '2026-03-10T10:00:00Z' },
      { id: 'd', priority: 'high' as const, createdAt: '2026-03-10T09:00:00Z' },
    ];
    expect([...items].sort(byPriority).map((item) => item.id)).toEqual(['d', 'b', 'c', 'a']);
    expect([...items].sort(byNewest).map((item) => item.id)).toEqual(['a', 'c', 'd', 'b']);
  });
});
