import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/client.ts';
import { createThrowawayDatabase } from '../../server/db/throwaway-database.ts';

/**
 * Vitest's global set-up: migrates one embedded database before any test file runs and leaves its data
 * directory archive where `openTestDatabase` finds it (TEST_PGLITE_TEMPLATE), and for the PostgreSQL suite one
 * migrated database on the server (TEST_PG_TEMPLATE), so each file starts from a copy instead of running every
 * migration again. The copies are made by this run from this checkout's migrations and removed after it, so they
 * can never be stale.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dropServerCopy = process.env.TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL ? await migrateServerCopy(process.env.TEST_DATABASE_URL) : async () => {};
  const file = path.join(tmpdir(), `deosil-migrated-${process.pid}.tar.gz`);
  const database = await openDatabase({ kind: 'memory' });
  try {
    await database.migrate();
    writeFileSync(file, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
  } finally {
    await database.close();
  }
  process.env.TEST_PGLITE_TEMPLATE = file;
  return async () => {
    rmSync(file, { force: true });
    await dropServerCopy();
  };
}

async function migrateServerCopy(serverUrl: string): Promise<() => Promise<void>> {
  const template = await createThrowawayDatabase(serverUrl, 'deosil_test_template');
  const database = await openDatabase({ kind: 'postgres', url: template.url, poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    // A database is copied only while nobody is connected to it.
    await database.close();
  }
  process.env.TEST_PG_TEMPLATE = template.name;
  return () => template.drop();
}
