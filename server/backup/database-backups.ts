import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { DEFAULT_EMBEDDED_BUFFERS_MB, pgliteModuleWithBuffers } from '../db/pglite-buffers.ts';
import { EMBEDDED_EXTENSIONS, type DatabaseHandle } from '../db/client.ts';

/**
 * Backups of the shop's database, one file each in BACKUP_DIR: the embedded database as PGlite's own data-directory
 * archive (`.tar.gz`, taken between two statements, so it is consistent), a PostgreSQL server as `pg_dump`'s
 * custom-format archive (`.dump`, one snapshot). A file is written aside and renamed into place, so a backup in
 * the directory is always whole. Names carry the UTC moment they were taken, so they sort by age.
 */
export interface Backup {
  file: string;
  bytes: number;
  takenAt: Date;
}

export interface Retention {
  /** The newest backup of each of the last `daily` days it was taken on. */
  daily: number;
  /** The newest backup of each of the last `monthly` months. */
  monthly: number;
}

/** The pg-boss queue of the embedded database's daily backup. */
export const DATABASE_BACKUP_QUEUE = 'database-backup';

/** The daily backup's cron line for a shop-time 'HH:MM'. */
export function dailyBackupCron(dailyAt: string): string {
  const [hour, minute] = dailyAt.split(':').map(Number);
  return `${minute} ${hour} * * *`;
}

/** The daily run: a backup, then the retention applied. */
export async function backUpAndPrune(database: Pick<DatabaseHandle, 'driver' | 'url' | 'dumpDataDir'>, backups: { dir: string; retention: Retention }): Promise<Backup> {
  const backup = await takeBackup(database, backups.dir);
  pruneBackups(backups.dir, backups.retention);
  return backup;
}

const NAME = /^deosil-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.(tar\.gz|dump)$/;

function nameFor(takenAt: Date, extension: 'tar.gz' | 'dump'): string {
  return `deosil-${takenAt.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}.${extension}`;
}

export async function takeBackup(database: Pick<DatabaseHandle, 'driver' | 'url' | 'dumpDataDir'>, backupDir: string, now = new Date()): Promise<Backup> {
  mkdirSync(backupDir, { recursive: true });
  const file = path.join(backupDir, nameFor(now, database.driver === 'pglite' ? 'tar.gz' : 'dump'));
  const partial = `${file}.partial`;
  try {
    if (database.driver === 'pglite') writeFileSync(partial, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
    else await run('pg_dump', ['--format=custom', `--file=${partial}`, `--dbname=${database.url!}`]);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  return { file, bytes: statSync(file).size, takenAt: now };
}

/** The backups in `backupDir`, newest first. */
export function listBackups(backupDir: string): Backup[] {
  let names: string[];
  try {
    names = readdirSync(backupDir);
  } catch {
    return [];
  }
  return names
    .flatMap((name) => {
      const parts = NAME.exec(name);
      if (!parts) return [];
      const [, year, month, day, hour, minute, second] = parts.map(Number) as number[];
      const file = path.join(backupDir, name);
      return [{ file, bytes: statSync(file).size, takenAt: new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second!)) }];
    })
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/** Deletes the backups the retention does not keep; returns what it deleted. */
export function pruneBackups(backupDir: string, retention: Retention): Backup[] {
  const keep = new Set<string>();
  const keepNewestOf = (periodOf: (backup: Backup) => string, count: number) => {
    const periods = new Set<string>();
    for (const backup of listBackups(backupDir)) {
      const period = periodOf(backup);
      if (periods.has(period)) continue;
      if (periods.size === count) break;
      periods.add(period);
      keep.add(backup.file);
    }
  };
  keepNewestOf((backup) => backup.takenAt.toISOString().slice(0, 10), retention.daily);
  keepNewestOf((backup) => backup.takenAt.toISOString().slice(0, 7), retention.monthly);
  const removed = listBackups(backupDir).filter((backup) => !keep.has(backup.file));
  for (const backup of removed) rmSync(backup.file);
  return removed;
}

export class RestoreRefused extends Error {}

/**
 * Restores a backup into an empty place: the embedded database's directory, which must not hold a database yet,
 * or (a `.dump`) the PostgreSQL database at `databaseUrl`, which must have no tables. Never over a shop's data.
 */
export async function restoreBackup(file: string, target: { pgliteDir?: string; databaseUrl?: string }): Promise<void> {
  if (file.endsWith('.dump')) {
    if (!target.databaseUrl) throw new RestoreRefused(`${path.basename(file)} is a PostgreSQL archive: set DATABASE_URL to the empty database to restore it into.`);
    if (await postgresHasTables(target.databaseUrl)) throw new RestoreRefused('DATABASE_URL names a database that already has tables; restore into an empty one.');
    await run('pg_restore', ['--no-owner', `--dbname=${target.databaseUrl}`, file]);
    return;
  }
  const dir = target.pgliteDir!;
  let entries: string[] = [];
  try {
    entries = readdirSync(dir);
  } catch {
    // Not there yet: PGlite creates it.
  }
  if (entries.length > 0) throw new RestoreRefused(`${dir} already holds a database; move it away, or set DATA_DIR to an empty directory.`);
  const archive = new Blob([readFileSync(file)]);
  mkdirSync(dir, { recursive: true });
  const restored = await PGlite.create(dir, { loadDataDir: archive, extensions: EMBEDDED_EXTENSIONS, wasmModule: await pgliteModuleWithBuffers(DEFAULT_EMBEDDED_BUFFERS_MB) });
  await restored.close();
}

/** Whether a PostgreSQL database holds any table of its own (a restore needs an empty one). */
async function postgresHasTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>("select count(*) from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')");
    return Number(rows[0]!.count) > 0;
  } finally {
    await client.end();
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? new Error(`${command} is not installed (PostgreSQL's client tools)`) : error));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed: ${stderr.trim().split('\n')[0] ?? `exit code ${code}`}`))));
  });
}
