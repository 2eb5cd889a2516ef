import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backupNameFor, backupsBeyondRetention, restoreSourceOf, takenAtOf } from './backup-retention.ts';

describe('backup names', () => {
  it('carry the UTC second the backup was taken, and give it back', () => {
    const takenAt = new Date('2026-11-27T03:30:05.123Z');
    expect(backupNameFor(takenAt, 'tar.gz')).toBe('deosil-20261127T033005Z.tar.gz');
    expect(backupNameFor(takenAt, 'dump')).toBe('deosil-20261127T033005Z.dump');
    expect(takenAtOf('deosil-20261127T033005Z.dump')).toEqual(new Date('2026-11-27T03:30:05Z'));
  });

  it('are told apart from other files', () => {
    for (const name of ['notes.txt', 'deosil-20261127T033005Z.tar.gz.partial', 'deosil-20261127T0330Z.dump', 'x-deosil-20261127T033005Z.dump']) expect(takenAtOf(name)).toBeNull();
  });

  it('round-trip any moment to the second', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2999-12-31T23:59:59Z'), noInvalidDate: true }), fc.constantFrom('tar.gz' as const, 'dump' as const), (date, format) => {
        expect(takenAtOf(backupNameFor(date, format))?.getTime()).toBe(Math.floor(date.getTime() / 1000) * 1000);
      }),
    );
  });
});

describe('backupsBeyondRetention', () => {
  const backup = (iso: string) => ({ name: iso, takenAt: new Date(iso) });

  it('keeps the newest of each of the last days and months and gives the rest', () => {
    const backups = [
      backup('2026-10-30T03:30:00Z'),
      backup('2026-11-27T01:00:00Z'), // an earlier one the same day
      backup('2026-11-27T03:30:00Z'),
      backup('2026-11-26T03:30:00Z'),
      backup('2026-11-25T03:30:00Z'),
      backup('2026-10-31T03:30:00Z'), // the newest of October
      backup('2026-09-30T03:30:00Z'), // the newest of September, one month too many
    ];
    expect(backupsBeyondRetention(backups, { daily: 2, monthly: 2 }).map((b) => b.name)).toEqual([
      '2026-11-27T01:00:00Z',
      '2026-11-25T03:30:00Z',
      '2026-10-30T03:30:00Z',
      '2026-09-30T03:30:00Z',
    ]);
  });

  it('never removes the newest backup, keeps at most one per day kept and month kept, and removes only what it was given', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 800 * 24 }), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 14 }),
        (hours, daily, monthly) => {
          const backups = hours.map((hour) => ({ name: String(hour), takenAt: new Date(Date.UTC(2025, 0, 1) + hour * 3_600_000) }));
          const removed = new Set(backupsBeyondRetention(backups, { daily, monthly }));
          const kept = backups.filter((b) => !removed.has(b));
          const newest = backups.reduce((a, b) => (a.takenAt > b.takenAt ? a : b));
          expect(kept).toContain(newest);
          expect(kept.length).toBeLessThanOrEqual(daily + monthly);
          const days = new Set(backups.map((b) => b.takenAt.toISOString().slice(0, 10)));
          expect(kept.length).toBeGreaterThanOrEqual(Math.min(daily, days.size));
          for (const b of removed) expect(backups).toContain(b);
        },
      ),
    );
  });
});

describe('restoreSourceOf', () => {
  const none = () => false;
  it('reads s3:// addresses as objects in that bucket', () => {
    expect(restoreSourceOf('s3://deosil-shop/backups/deosil-20261127T033000Z.tar.gz', { bucketConfigured: false, fileExists: none })).toEqual({
      kind: 'bucket',
      bucket: 'deosil-shop',
      key: 'backups/deosil-20261127T033000Z.tar.gz',
    });
  });

  it("reads a backup's name or key as the shop bucket's object when no such file is here", () => {
    expect(restoreSourceOf('deosil-20261127T033000Z.dump', { bucketConfigured: true, fileExists: none })).toEqual({ kind: 'bucket', key: 'backups/deosil-20261127T033000Z.dump' });
    expect(restoreSourceOf('backups/deosil-20261127T033000Z.dump', { bucketConfigured: true, fileExists: none })).toEqual({ kind: 'bucket', key: 'backups/deosil-20261127T033000Z.dump' });
  });

  it('prefers a file on this machine, and takes anything else as a file', () => {
    expect(restoreSourceOf('backups/deosil-20261127T033000Z.dump', { bucketConfigured: true, fileExists: () => true })).toEqual({ kind: 'file', path: 'backups/deosil-20261127T033000Z.dump' });
    expect(restoreSourceOf('deosil-20261127T033000Z.dump', { bucketConfigured: false, fileExists: none })).toEqual({ kind: 'file', path: 'deosil-20261127T033000Z.dump' });
    expect(restoreSourceOf('old-shop.tar.gz', { bucketConfigured: true, fileExists: none })).toEqual({ kind: 'file', path: 'old-shop.tar.gz' });
  });
});
