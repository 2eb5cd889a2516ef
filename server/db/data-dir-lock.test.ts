import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { DataDirInUse, openDatabase } from './client.ts';

// The embedded database is one process's: a second process writing the same files would corrupt them.
let dataDir: string;
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

it('will not open a DATA_DIR that a running process holds, and names that process', async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'deosil-lock-'));
  // The process that started this test runner is alive, and is not this one.
  writeFileSync(path.join(dataDir, 'pglite.pid'), String(process.ppid));
  await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(new DataDirInUse(dataDir, process.ppid));
});

it('takes over from a process that ended without closing, and lets go when it closes', async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'deosil-lock-'));
  // Above Linux's largest process id: no process has it.
  writeFileSync(path.join(dataDir, 'pglite.pid'), '4194305');
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await database.close();
  expect(existsSync(path.join(dataDir, 'pglite.pid'))).toBe(false);
  // A new database directory is initialised on disk, which a busy machine takes a while to do.
}, 60_000);
