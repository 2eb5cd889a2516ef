import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThrowawayDatabase } from '../db/throwaway-database.ts';
import { ensureBuild, freePort, startShopProcess, waitForStatus, type ShopProcess } from '../../tests/support/shop-processes.ts';

// PostgreSQL only: three web processes and a worker, started at the same moment on one fresh database, as a
// deploy with several instances does. Each process migrates, seeds and bootstraps under the start-up lock.
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = { email: 'keeper@deosil.test', password: 'keeper-secret-13' };
let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>>;
const processes: ShopProcess[] = [];
let bases: string[] = [];

beforeAll(async () => {
  ensureBuild();
  throwaway = await createThrowawayDatabase(serverUrl, 'deosil_multi');
  const ports = [await freePort(), await freePort(), await freePort()];
  const env = {
    DATABASE_URL: throwaway.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO_CATALOGUE: 'true',
    JOBS_IN_WEB: 'false',
    REGISTRATION_RATE_LIMIT: '1000',
    HOST: '127.0.0.1',
  };
  // All four at once: the race the start-up lock exists for.
  for (const port of ports) processes.push(startShopProcess('server/main.ts', { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }));
  processes.push(startShopProcess('server/worker.ts', env));
  bases = ports.map((port) => `http://127.0.0.1:${port}`);
  await Promise.all([...bases.map((base) => waitForStatus(`${base}/api/ready`)), processes[3]!.waitFor(/workers are running/)]);
}, 120_000);

afterAll(async () => {
  await Promise.all(processes.map((shop) => shop.stop()));
  await throwaway?.drop();
});

async function api(base: string, method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields it is about
  return { status: response.status, body: (text.startsWith('{') ? JSON.parse(text) : { text }) as any, text, headers: response.headers };
}

describe('three web processes and a worker on one database', () => {
  it('all come up healthy, with one demo catalogue between them', async () => {
    for (const base of bases) {
      expect((await api(base, 'GET', '/api/health')).status).toBe(200);
      const list = await api(base, 'GET', '/api/products?limit=100');
      expect(list.body.pagination.total).toBe(24);
    }
    expect(processes.every((shop) => shop.child.exitCode === null)).toBe(true);
  });

  it('counts failed sign-ins across processes: the 11th is refused on every one of them', async () => {
    const email = `mira.${Date.now()}@deosil.test`;
    const registered = await api(bases[0]!, 'POST', '/api/auth/register', { name: 'Mira Night', email, password: 'Moonlight7!', confirmPassword: 'Moonlight7!' });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await api(bases[attempt % 3]!, 'POST', '/api/auth/login', { email, password: 'Wrong-guess-1' });
      expect(wrong.status).toBe(401);
    }
    for (const base of bases) {
      const refused = await api(base, 'POST', '/api/auth/login', { email, password: 'Moonlight7!' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});
