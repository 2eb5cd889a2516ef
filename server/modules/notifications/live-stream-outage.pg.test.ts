import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { StreamEvent } from '../../../contracts/server-sent-events.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { readStreamEvents } from '../../../tests/support/event-stream.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

// PostgreSQL only (the PostgreSQL suite runs it): PGlite delivers in-process and has no connection to lose.
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let shop: TestShop;
let admin: pg.Client;
let adminToken: string;

beforeAll(async () => {
  shop = await startTestShop({ seed: false });
  adminToken = await signInAdmin(shop);
  admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await admin?.end();
  await shop?.close();
});

const titleOf = (event: StreamEvent) => (event.event === 'notification' ? (event.data as { notification: { title: string } }).notification.title : null);
const databaseName = () => new URL(shop.database.url!).pathname.slice(1);
const allowConnections = (allow: boolean) => admin.query(`alter database ${pg.escapeIdentifier(databaseName())} with allow_connections ${allow}`);

describe('an open live stream', () => {
  it('receives a notification written while its process had lost the LISTEN connection, once it is back', async () => {
    const { token, user } = await registerCustomer(shop);
    const port = (shop.app.server.address() as AddressInfo).port;
    const events = await readStreamEvents(
      `http://127.0.0.1:${port}/api/notifications/stream`,
      token,
      (seen) => seen.some((event) => titleOf(event) === 'Written during the outage'),
      async () => {
        // The LISTEN connections go, as in a restart or failover, and no new connection is let in for a while;
        // the pool's open connections still write, so the notice of this notification reaches no listener.
        await allowConnections(false);
        try {
          const ended = await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'LISTEN%'`, [databaseName()]);
          expect(ended.rowCount).toBeGreaterThan(0);
          const written = await call(shop, 'POST', '/api/admin/notifications', { token: adminToken, body: { userId: user.id, title: 'Written during the outage', message: 'Still on its way', type: 'order' } });
          expect(written.status).toBe(201);
          await new Promise((resolve) => setTimeout(resolve, 1000));
        } finally {
          await allowConnections(true);
        }
      },
      { timeoutMs: 30_000 },
    );
    expect(events.filter((event) => titleOf(event) === 'Written during the outage')).toHaveLength(1);
  }, 40_000);
});
