import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { NamedStatementClient } from './named-statements.ts';
import { DEFAULT_EMBEDDED_BUFFERS_MB, pgliteModuleWithBuffers } from './pglite-buffers.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** One type for both drivers: services never know which database they talk to. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** The server's address, for another connection to the same database (PostgreSQL only). */
  url?: string;
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  /** The connection pool's use (PostgreSQL only): open connections, idle ones, queries waiting for one. */
  poolStats(): { total: number; idle: number; waiting: number } | undefined;
  /** Whether the database carries every migration this build ships. */
  migrationsApplied(): Promise<boolean>;
  /**
   * Subscribes to a PostgreSQL NOTIFY channel. PGlite delivers in-process; a server needs a connection of its
   * own that stays in LISTEN, so every process hears what any process (or a trigger) announces.
   */
  listen(channel: string, onPayload: (payload: string) => void, options?: ListenOptions): Promise<() => Promise<void>>;
  /**
   * Plain SQL with $1-style parameters, outside Drizzle, for the job queue's own tables. Without parameters the
   * text may hold several statements (the queue installs its schema that way).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * Runs `work` while holding the shop's start-up advisory lock: processes started together on one PostgreSQL
   * database migrate, seed and install the job queue one after another instead of colliding. A process that
   * finds the lock taken waits for it (PGlite has one process and needs no lock).
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** The embedded database's whole data directory as one gzipped archive, taken between two statements. */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

/** The advisory lock key of start-up work; any fixed 64-bit number the shop uses for nothing else. */
export const STARTUP_LOCK_KEY = 7_306_120_417;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Contrib extensions the migrations create, loaded into the embedded database (decision record 0064). */
export const EMBEDDED_EXTENSIONS = { pg_trgm };

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number; listenBackoff?: ListenBackoff; preparedStatements?: boolean }
  | { kind: 'pglite'; dataDir: string; buffersMb?: number }
  /** `from`: a data directory archive (dumpDataDir) to start from instead of an empty database (tests' migrated copy). */
  | { kind: 'memory'; buffersMb?: number; from?: Blob };

/** DATABASE_URL's server, else the embedded database under DATA_DIR. */
export function targetOf(config: { databaseUrl?: string; dataDir: string; databasePreparedStatements?: boolean; embeddedBuffersMb?: number }): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, preparedStatements: config.databasePreparedStatements ?? true }
    : { kind: 'pglite', dataDir: config.dataDir, buffersMb: config.embeddedBuffersMb };
}

/**
 * Opens the shop database: a node-postgres pool for DATABASE_URL, otherwise PGlite (PostgreSQL compiled to
 * WebAssembly) stored on disk under DATA_DIR, or in memory for tests. Same schema, migrations and queries.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    // Statements are prepared once per connection (named-statements.ts) unless a pooler in between cannot keep them.
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10, ...(target.preparedStatements === false ? {} : { Client: NamedStatementClient }) });
    // A connection the server ends (a restart, a failover, a terminated backend, a database dropped while the
    // pool is closing) reports an error event; unheard, that event would take the whole process down. Queries
    // in flight still fail on their own, and the pool opens a fresh connection for the next one.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      driver: 'postgres',
      url: target.url,
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      ping: () => ping(db),
      migrationsApplied: () => migrationsApplied(db),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      listen: (channel, onPayload, options) => listenOnServer(target.url, channel, onPayload, target.listenBackoff, options),
      // node-postgres sends a query without values as a simple query, which may hold several statements.
      executeSql: async (text, values) => ({ rows: (await pool.query(text, values?.length ? values : undefined)).rows as Record<string, unknown>[] }),
      exclusively: async (work) => {
        // A session lock on a connection of its own: the work itself uses the pool's other connections.
        const holder = await pool.connect();
        try {
          await holder.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          try {
            return await work();
          } finally {
            await holder.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
          }
        } finally {
          holder.release();
        }
      },
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  let unlock = () => {};
  const wasmModule = await pgliteModuleWithBuffers(target.buffersMb ?? DEFAULT_EMBEDDED_BUFFERS_MB);
  if (target.kind === 'pglite') {
    mkdirSync(target.dataDir, { recursive: true });
    unlock = lockDataDir(target.dataDir);
    client = await PGlite.create(path.join(target.dataDir, 'pglite'), { wasmModule, extensions: EMBEDDED_EXTENSIONS });
  } else {
    client = await PGlite.create({ wasmModule, extensions: EMBEDDED_EXTENSIONS, ...(target.from ? { loadDataDir: target.from } : {}) });
  }
  const pgliteDb = drizzlePglite(client, { schema });
  const db = pgliteDb as unknown as Database;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    ping: () => ping(db),
    migrationsApplied: () => migrationsApplied(db),
    poolStats: () => undefined,
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    // PGlite's query() takes one statement with parameters; exec() takes several without.
    executeSql: async (text, values) => {
      if (values?.length) return { rows: (await client.query<Record<string, unknown>>(text, values)).rows };
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    exclusively: (work) => work(),
    dumpDataDir: () => client.dumpDataDir('gzip'),
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`DATA_DIR ${dataDir} is in use by process ${pid}`);
  }
}

/**
 * The embedded database is one process's: a second one writing the same files would corrupt them. The process
 * that opens it leaves its PID in DATA_DIR/pglite.pid until it closes; a file naming a process that has ended
 * (one that crashed) is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'pglite.pid');
  const holder = Number(existsSync(file) ? readFileSync(file, 'utf8') : 0);
  if (holder && holder !== process.pid && processIsAlive(holder)) throw new DataDirInUse(dataDir, holder);
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface ListenOptions {
  /**
   * Called when a lost LISTEN connection is back: whatever was announced meanwhile never arrived, so a listener
   * that keeps copies (a cache) drops them here.
   */
  onReconnect?: () => void;
}

/** Reconnection delays of the LISTEN connection: doubling from the first to the longest, with jitter. */
export interface ListenBackoff {
  firstMs: number;
  maxMs: number;
}

const LISTEN_BACKOFF: ListenBackoff = { firstMs: 250, maxMs: 15_000 };

/**
 * A dedicated LISTEN connection that comes back after the server restarts, fails over or the network drops,
 * however long that takes: it retries with growing delays until it is stopped, so live streams resume by
 * themselves once the database answers again. Only the first connection must succeed (a shop that cannot reach
 * its database at start should say so).
 */
async function listenOnServer(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  backoff: ListenBackoff = LISTEN_BACKOFF,
  options: ListenOptions = {},
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let started = false;
  let stopped = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const scheduleReconnect = () => {
    if (!started || stopped || retry) return;
    // Jitter keeps many processes from reconnecting in step after one outage.
    const delay = Math.min(backoff.maxMs, backoff.firstMs * 2 ** Math.min(failures, 16)) * (0.5 + Math.random() / 2);
    failures += 1;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch(scheduleReconnect);
    }, delay);
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (client === next) client = undefined;
      void next.end().catch(() => {});
      scheduleReconnect();
    };
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    next.on('error', onLost);
    next.on('end', onLost);
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      onLost();
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    const reconnected = started;
    started = true;
    failures = 0;
    if (reconnected) options.onReconnect?.();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = undefined;
    await last?.end().catch(() => {});
  };
}

/** How many migrations this build ships (drizzle-kit's journal beside them). */
function shippedMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

async function migrationsApplied(db: Database): Promise<boolean> {
  const result = await db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { applied: number }[];
  return Number(rows[0]?.applied ?? 0) >= shippedMigrations();
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
