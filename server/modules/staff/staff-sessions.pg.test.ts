import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signInAdmin } from '../../../tests/support/accounts.ts';
import { readStreamEvents } from '../../../tests/support/event-stream.ts';
import { staffMember } from '../../../tests/support/staff.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';

// PostgreSQL only: two server processes (each its own app and connections) on one database. A staff member
// suspended or removed in one is signed out in the other at once, live streams included.
let shop: TestShop;
let otherDatabase: DatabaseHandle;
let other: Awaited<ReturnType<typeof buildApp>>;
let owner: string;

beforeAll(async () => {
  shop = await startTestShop({ seed: false });
  otherDatabase = await openDatabase({ kind: 'postgres', url: shop.database.url!, poolSize: 2 });
  other = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', JOBS_IN_WEB: 'false' }), database: otherDatabase });
  await other.ready();
  owner = await signInAdmin(shop);
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await other?.close();
  await otherDatabase?.close();
  await shop?.close();
});

describe('a staff member suspended in one process', () => {
  it.each(['suspended', 'removed'] as const)('is %s everywhere at once: the other process refuses the session and ends its live stream', async (how) => {
    const packer = await staffMember(shop, 'fulfilment');
    const port = (shop.app.server.address() as AddressInfo).port;
    expect((await call(shop, 'GET', '/api/admin/orders', { token: packer.token })).status).toBe(200);
    const events = await readStreamEvents(
      `http://127.0.0.1:${port}/api/admin/notifications/stream`,
      packer.token,
      (seen) => seen.some((event) => event.event === 'session-ended'),
      async () => {
        const response =
          how === 'suspended'
            ? await other.inject({ method: 'PUT', url: `/api/admin/staff/${packer.id}/status`, headers: { authorization: `Bearer ${owner}` }, payload: { status: 'suspended' } })
            : await other.inject({ method: 'DELETE', url: `/api/admin/staff/${packer.id}`, headers: { authorization: `Bearer ${owner}` } });
        expect(response.statusCode, response.body).toBe(200);
      },
    );
    expect(events.map((event) => event.event)).toEqual(['ready', 'session-ended']);
    expect((await call(shop, 'GET', '/api/admin/orders', { token: packer.token })).status).toBe(401);
    expect((await other.inject({ method: 'GET', url: '/api/admin/orders', headers: { authorization: `Bearer ${packer.token}` } })).statusCode).toBe(401);
  });

  it('holds a changed role in the other process from its next request', async () => {
    const clerk = await staffMember(shop, 'support');
    expect((await other.inject({ method: 'GET', url: '/api/admin/users', headers: { authorization: `Bearer ${clerk.token}` } })).statusCode).toBe(200);
    expect((await call(shop, 'PUT', `/api/admin/staff/${clerk.id}/role`, { token: owner, body: { role: 'fulfilment' } })).status).toBe(200);
    const refused = await other.inject({ method: 'GET', url: '/api/admin/users', headers: { authorization: `Bearer ${clerk.token}` } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('customers.read');
  });
});
