import { describe, expect, it } from 'vitest';
import { backupAge, backupFreshness, backupSize } from './backup-freshness.ts';

const now = new Date('2026-11-27T10:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

describe('backupFreshness', () => {
  it('calls a backup up to a day and two hours old fresh, and an older one overdue', () => {
    expect(backupFreshness(hoursAgo(1), true, now)).toBe('fresh');
    expect(backupFreshness(hoursAgo(26), true, now)).toBe('fresh');
    expect(backupFreshness(hoursAgo(26.01), true, now)).toBe('overdue');
    expect(backupFreshness(hoursAgo(24 * 9), true, now)).toBe('overdue');
  });

  it('judges the newest backup the same way when the shop does not take its own', () => {
    expect(backupFreshness(hoursAgo(2), false, now)).toBe('fresh');
    expect(backupFreshness(hoursAgo(30), false, now)).toBe('overdue');
  });

  it('tells no backup while one is due apart from none being expected', () => {
    expect(backupFreshness(undefined, true, now)).toBe('none');
    expect(backupFreshness(undefined, false, now)).toBe('not-scheduled');
  });
});

describe('backupAge and backupSize', () => {
  it('counts hours under two days and whole days after', () => {
    expect(backupAge(hoursAgo(0.5), now)).toBe('0 hours');
    expect(backupAge(hoursAgo(1), now)).toBe('1 hour');
    expect(backupAge(hoursAgo(47.9), now)).toBe('47 hours');
    expect(backupAge(hoursAgo(24 * 3 + 5), now)).toBe('3 days');
  });

  it('writes sizes in kilobytes under a megabyte and megabytes with one decimal above', () => {
    expect(backupSize(120)).toBe('1 KB');
    expect(backupSize(840_400)).toBe('840 KB');
    expect(backupSize(12_449_000)).toBe('12.4 MB');
  });
});
