import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The shop's migrations folder, as `migrate` reads it. */
export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'server', 'db', 'migrations');

/**
 * A copy of the migrations folder as it stood when `last` was the newest migration (its journal cut there), so a
 * migration test can build a database of that time, fill it as the shop then did, and migrate it to today's.
 * The caller removes the folder.
 */
export function migrationsUpTo(last: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'deosil-migrations-'));
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((entry) => entry.tag === last);
  if (end < 0) throw new Error(`No migration ${last} in ${MIGRATIONS_FOLDER}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, end + 1) }));
  return dir;
}
