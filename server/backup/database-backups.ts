import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openAsBlob, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { DEFAULT_EMBEDDED_BUFFERS_MB, pgliteModuleWithBuffers } from '../db/pglite-buffers.ts';
import { EMBEDDED_EXTENSIONS, type DatabaseHandle } from '../db/client.ts';
import { backupNameFor, backupsBeyondRetention, restoreSourceOf, type Retention } from '../../domain/backup-retention.ts';
import type { S3Settings } from '../modules/uploads/upload-storage.ts';
import { BucketBackups, type BackupStore } from './backup-stores.ts';

/**
 * Backups of the shop's database, one archive each in a backup store (BACKUP_DIR, or the S3 bucket under
 * `backups/`): the embedded database as PGlite's own data-directory archive (`.tar.gz`, taken between two
 * statements, so it is consistent), a PostgreSQL server as `pg_dump`'s custom-format archive (`.dump`, one
 * snapshot), streamed into the store as pg_dump writes it. Names carry the UTC moment they were taken
 * (domain/backup-retention.ts), so they sort by age.
 */
export interface Backup {
  name: string;
  /** Where it is, for people: a path or an s3:// address. */
  location: string;
  bytes: number;
  takenAt: Date;
}

/** The pg-boss queue of the embedded database's daily backup. */
export const DATABASE_BACKUP_QUEUE = 'database-backup';

/** The daily backup's cron line for a shop-time 'HH:MM'. */
export function dailyBackupCron(dailyAt: string): string {
  const [hour, minute] = dailyAt.split(':').map(Number);
  return `${minute} ${hour} * * *`;
}

type BackedUpDatabase = Pick<DatabaseHandle, 'driver' | 'url' | 'dumpDataDir'>;

/** The daily run: a backup, then the retention applied to the store's backups. */
export async function backUpAndPrune(database: BackedUpDatabase, store: BackupStore, retention: Retention): Promise<Backup> {
  const backup = await takeBackup(database, store);
  await pruneBackups(store, retention);
  return backup;
}

export async function takeBackup(database: BackedUpDatabase, store: BackupStore, now = new Date()): Promise<Backup> {
  const name = backupNameFor(now, database.driver === 'pglite' ? 'tar.gz' : 'dump');
  // PGlite builds its archive in its own memory; a PostgreSQL dump is never held whole.
  const source = database.driver === 'pglite' ? Readable.fromWeb((await database.dumpDataDir!()).stream() as NodeReadableStream<Uint8Array>) : pgDumpStream(database.url!);
  const bytes = await store.write(name, source);
  return { name, location: `${store.location.replace(/\/?$/, '/')}${name}`, bytes, takenAt: now };
}

/** Deletes the backups the retention does not keep; returns their names. */
export async function pruneBackups(store: BackupStore, retention: Retention): Promise<string[]> {
  const removed = backupsBeyondRetention(await store.list(), retention);
  for (const backup of removed) await store.remove(backup.name);
  return removed.map((backup) => backup.name);
}

export class RestoreRefused extends Error {}

/**
 * `npm run restore ARGUMENT`: a file here, an `s3://bucket/key` address, or a backup's name or key in the shop's
 * bucket (domain/backup-retention.ts reads which), restored into the empty target. An object is first copied,
 * streamed, to a temporary file: pg_restore and PGlite both read files.
 */
export async function restoreFrom(argument: string, settings: { s3?: S3Settings; target: { pgliteDir?: string; databaseUrl?: string } }): Promise<void> {
  const source = restoreSourceOf(argument, { bucketConfigured: Boolean(settings.s3), fileExists: existsSync });
  if (source.kind === 'file') return restoreBackup(path.resolve(source.path), settings.target);
  if (!settings.s3 && !source.bucket) throw new RestoreRefused('S3_BUCKET is not set: name the backup as s3://BUCKET/KEY.');
  // Without S3 settings an s3:// address is read from AWS with the SDK's own credentials.
  const bucket = new BucketBackups(settings.s3 ?? { bucket: source.bucket!, region: 'us-east-1', forcePathStyle: false });
  const dir = mkdtempSync(path.join(tmpdir(), 'deosil-restore-'));
  try {
    const file = path.join(dir, path.basename(source.key));
    await bucket.download(source, file);
    await restoreBackup(file, settings.target);
  } finally {
    bucket.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

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
  // A file-backed Blob: PGlite reads the archive itself instead of a copy held here first.
  const archive = await openAsBlob(file);
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

/**
 * pg_dump's archive as a stream. It ends with an error instead of its end when pg_dump fails, so a store never
 * keeps the truncated archive of a failed dump.
 */
function pgDumpStream(url: string): Readable {
  const child = spawn('pg_dump', ['--format=custom', `--dbname=${url}`], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Error | null>((resolve) => {
    child.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ENOENT' ? new Error("pg_dump is not installed (PostgreSQL's client tools)") : error));
    child.once('close', (code) => resolve(code === 0 ? null : new Error(`pg_dump failed: ${stderr.trim().split('\n')[0] ?? `exit code ${code}`}`)));
  });
  const archive = new PassThrough({
    flush(done) {
      void exited.then((error) => done(error));
    },
  });
  child.stdout.pipe(archive);
  // A consumer that stops early (a failed upload) stops pg_dump too.
  archive.once('close', () => {
    if (child.exitCode === null) child.kill();
  });
  void exited.then((error) => {
    if (error && !archive.destroyed) archive.destroy(error);
  });
  return archive;
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
