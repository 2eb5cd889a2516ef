import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/client.ts';

/**
 * Vitest's global set-up: migrates one embedded database before any test file runs and leaves its data
 * directory archive where `openTestDatabase` finds it (TEST_PGLITE_TEMPLATE), so each file starts from a copy
 * instead of running every migration again. The copy is made by this run from this checkout's migrations and
 * removed after it, so it can never be stale.
 */
export default async function setup(): Promise<() => void> {
  const file = path.join(tmpdir(), `deosil-migrated-${process.pid}.tar.gz`);
  const database = await openDatabase({ kind: 'memory' });
  try {
    await database.migrate();
    writeFileSync(file, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
  } finally {
    await database.close();
  }
  process.env.TEST_PGLITE_TEMPLATE = file;
  return () => rmSync(file, { force: true });
}
