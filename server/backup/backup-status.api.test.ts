import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, registerCustomer, signInAdmin } from '../../tests/support/accounts.ts';
import { startTestShop, type TestShop } from '../../tests/support/test-app.ts';
import { DirectoryBackups } from './backup-stores.ts';
import { takeBackup } from './database-backups.ts';

// The back office's backup panel: the newest backup in BACKUP_DIR, its size, and a warning when it is too old.
let shop: TestShop;
let dir: string;
let admin: string;
// The shop's clock: the day the first backup below was taken, three days before the panel is read.
let now = new Date('2026-11-27T10:00:00Z');

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'deosil-backup-status-'));
  shop = await startTestShop({ clock: () => now, env: { BACKUP_DIR: dir, BACKUP_TIME: '03:30' } });
  admin = await signInAdmin(shop);
});
afterAll(async () => {
  await shop?.close();
  rmSync(dir, { recursive: true, force: true });
});

// The shop backs up the database it holds itself; a PostgreSQL server is backed up by its own tools or cron.
const dailyAt = () => (shop.database.driver === 'pglite' ? '03:30' : null);

it('says no backup has been taken yet, and whether the shop takes them itself', async () => {
  const response = await call(shop, 'GET', '/api/admin/backups', { token: admin });
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ success: true, freshness: dailyAt() ? 'none' : 'not-scheduled', newest: null, count: 0, dailyAt: dailyAt(), location: dir });
});

it('shows the newest backup with its size, and calls it overdue once it is more than a day and two hours old', async () => {
  const taken = await takeBackup(shop.database, new DirectoryBackups(dir), new Date('2026-11-24T03:30:00Z'));
  writeFileSync(path.join(dir, 'deosil-20261123T033000Z.tar.gz'), 'an older one');
  now = new Date('2026-11-24T05:00:00Z');
  const fresh = await call(shop, 'GET', '/api/admin/backups', { token: admin });
  expect(fresh.body).toEqual({
    success: true,
    freshness: 'fresh',
    // .tar.gz from the embedded database, .dump from PostgreSQL.
    newest: { name: taken.name, takenAt: '2026-11-24T03:30:00.000Z', bytes: statSync(taken.location).size },
    count: 2,
    dailyAt: dailyAt(),
    location: dir,
  });
  expect(taken.bytes).toBeGreaterThan(1000);

  now = new Date('2026-11-27T10:00:00Z');
  const stale = await call(shop, 'GET', '/api/admin/backups', { token: admin });
  expect(stale.body).toMatchObject({ freshness: 'overdue', newest: { name: taken.name } });
});

it('is for admins only', async () => {
  expect((await call(shop, 'GET', '/api/admin/backups')).status).toBe(401);
  const { token } = await registerCustomer(shop);
  expect((await call(shop, 'GET', '/api/admin/backups', { token })).status).toBe(403);
});
