import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { contentsOf } from '../../tests/support/database-contents.ts';
import { registerCustomer } from '../../tests/support/accounts.ts';
import { placeOrder } from '../../tests/support/checkout.ts';
import { startTestShop, type TestShop } from '../../tests/support/test-app.ts';
import { DirectoryBackups } from './backup-stores.ts';
import { pruneBackups, restoreBackup, takeBackup } from './database-backups.ts';

let shop: TestShop;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'deosil-backups-'));
  shop = await startTestShop({ embedded: true, env: { BACKUP_DIR: path.join(dir, 'backups') } });
});
afterAll(async () => {
  await shop?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('backups of the embedded database', () => {
  it('a shop with orders, backed up and restored elsewhere, has every table with the same rows', async () => {
    const { token } = await registerCustomer(shop);
    await placeOrder(shop, token, [{ productId: 1, size: '50ml', quantity: 2 }]);
    await placeOrder(shop, token, [{ productId: 2, size: '30ml', quantity: 1 }]);
    const before = await contentsOf(shop.database);
    expect(before['public.orders']).toMatch(/^2 rows /);

    const backup = await takeBackup(shop.database, new DirectoryBackups(path.join(dir, 'backups')));
    expect(backup.bytes).toBe(statSync(backup.location).size);
    expect(backup.bytes).toBeGreaterThan(0);
    const restoredDir = path.join(dir, 'restored', 'pglite');
    await restoreBackup(backup.location, { pgliteDir: restoredDir });
    const restored = await openDatabase({ kind: 'pglite', dataDir: path.dirname(restoredDir) });
    try {
      expect(await contentsOf(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
    // Opening a second embedded database from its archive takes a while on a busy machine.
  }, 120_000);

  it('a restore refuses a data directory that already holds a database', async () => {
    const [backup] = await new DirectoryBackups(path.join(dir, 'backups')).list();
    const occupied = path.join(dir, 'occupied', 'pglite');
    mkdirSync(occupied, { recursive: true });
    writeFileSync(path.join(occupied, 'PG_VERSION'), '17');
    await expect(restoreBackup(path.join(dir, 'backups', backup!.name), { pgliteDir: occupied })).rejects.toThrow(/already holds a database/);
  });

  it("/metrics tells how old the newest backup is", async () => {
    const metrics = await shop.app.inject({ method: 'GET', url: '/metrics' });
    const age = Number(/^shop_last_backup_age_seconds (\d+)$/m.exec(metrics.body)?.[1]);
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(3600);
  });
});

describe('retention', () => {
  it('keeps the newest backup of each of the last days and months, and deletes the rest', async () => {
    const kept = mkdtempSync(path.join(tmpdir(), 'deosil-retention-'));
    const names = [
      'deosil-20261127T033000Z.tar.gz',
      'deosil-20261127T010000Z.tar.gz', // an earlier one the same day
      'deosil-20261126T033000Z.tar.gz',
      'deosil-20261125T033000Z.tar.gz',
      'deosil-20261031T033000Z.tar.gz', // the newest of October
      'deosil-20261030T033000Z.tar.gz',
      'deosil-20260930T033000Z.tar.gz', // the newest of September, one month too many
    ];
    for (const name of names) writeFileSync(path.join(kept, name), 'x');
    writeFileSync(path.join(kept, 'notes.txt'), 'not a backup');

    const store = new DirectoryBackups(kept);
    await pruneBackups(store, { daily: 2, monthly: 2 });

    expect((await store.list()).map((backup) => backup.name)).toEqual([
      'deosil-20261127T033000Z.tar.gz',
      'deosil-20261126T033000Z.tar.gz',
      'deosil-20261031T033000Z.tar.gz',
    ]);
    expect(readdirSync(kept)).toContain('notes.txt');
    rmSync(kept, { recursive: true, force: true });
  });
});
