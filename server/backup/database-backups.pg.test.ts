import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { createThrowawayDatabase } from '../db/throwaway-database.ts';
import { registerCustomer } from '../../tests/support/accounts.ts';
import { placeOrder } from '../../tests/support/checkout.ts';
import { contentsOf } from '../../tests/support/database-contents.ts';
import { startTestShop, type TestShop } from '../../tests/support/test-app.ts';
import { DirectoryBackups } from './backup-stores.ts';
import { restoreBackup, takeBackup } from './database-backups.ts';

// On PostgreSQL a backup is pg_dump's custom-format archive, restored with pg_restore into an empty database.
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let shop: TestShop;
let dir: string;
let target: Awaited<ReturnType<typeof createThrowawayDatabase>>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'deosil-pg-backups-'));
  shop = await startTestShop();
  target = await createThrowawayDatabase(serverUrl, 'deosil_restored');
});
afterAll(async () => {
  await shop?.close();
  await target?.drop();
  rmSync(dir, { recursive: true, force: true });
});

it('a shop with orders, dumped and restored into an empty database, has every table with the same rows', async () => {
  const { token } = await registerCustomer(shop);
  await placeOrder(shop, token, [{ productId: 1, size: '50ml', quantity: 2 }]);
  const before = await contentsOf(shop.database);
  expect(before['public.orders']).toMatch(/^1 rows /);

  const backup = await takeBackup(shop.database, new DirectoryBackups(dir));
  expect(backup.name).toMatch(/\.dump$/);
  await restoreBackup(backup.location, { databaseUrl: target.url });
  const restored = await openDatabase({ kind: 'postgres', url: target.url, poolSize: 2 });
  try {
    expect(await contentsOf(restored)).toEqual(before);
  } finally {
    await restored.close();
  }

  // The shop's own database has tables: a restore never goes over it.
  await expect(restoreBackup(backup.location, { databaseUrl: shop.database.url })).rejects.toThrow(/already has tables/);
});
