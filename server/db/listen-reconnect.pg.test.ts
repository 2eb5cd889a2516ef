import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { createThrowawayDatabase } from './throwaway-database.ts';

// PostgreSQL only (the PostgreSQL suite runs it): PGlite delivers in-process and has no connection to lose.
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>>;
let database: DatabaseHandle;
let admin: pg.Client;

beforeAll(async () => {
  throwaway = await createThrowawayDatabase(serverUrl, 'deosil_listen');
  database = await openDatabase({ kind: 'postgres', url: throwaway.url, poolSize: 2, listenBackoff: { firstMs: 100, maxMs: 1000 } });
  admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await database?.close();
  await throwaway?.drop();
});

const databaseName = () => new URL(throwaway.url).pathname.slice(1);

/** Ends the LISTEN connection's backend, as a restart or failover of the server would. */
async function terminateListeners(): Promise<number> {
  const result = await admin.query<{ ended: boolean }>(
    `select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
    [databaseName()],
  );
  return result.rows.filter((row) => row.ended).length;
}

describe('the LISTEN connection', () => {
  it('comes back after its backend is ended and the database refuses connections for 3 s, and hears what is sent after', async () => {
    const heard: string[] = [];
    const unlisten = await database.listen('deosil_listen_test', (payload) => heard.push(payload));
    try {
      await database.db.execute(sql`select pg_notify('deosil_listen_test', 'before')`);
      await expect.poll(() => heard).toContain('before');

      // An outage longer than a single retry: no new connection is let in for three seconds.
      await admin.query(`alter database ${pg.escapeIdentifier(databaseName())} with allow_connections false`);
      expect(await terminateListeners()).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await admin.query(`alter database ${pg.escapeIdentifier(databaseName())} with allow_connections true`);

      // The pool's own connections survived; once the listener is back, a notification sent now arrives.
      await expect
        .poll(
          async () => {
            await database.db.execute(sql`select pg_notify('deosil_listen_test', 'after')`);
            return heard.includes('after');
          },
          { timeout: 10_000, interval: 250 },
        )
        .toBe(true);

      // And again after a second loss: it keeps coming back, not just once.
      await expect.poll(terminateListeners, { timeout: 5_000 }).toBe(1);
      await expect
        .poll(
          async () => {
            await database.db.execute(sql`select pg_notify('deosil_listen_test', 'again')`);
            return heard.includes('again');
          },
          { timeout: 10_000, interval: 250 },
        )
        .toBe(true);
    } finally {
      await unlisten();
    }
  }, 30_000);
});
