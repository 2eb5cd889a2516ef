import { seedPotions } from '../db/seed/potions.ts';
import { seedSets } from '../db/seed/seed-sets.ts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupees } from '../../domain/money.ts';
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
  // Outside demo mode staff sign in with a second factor; these tests are about processes, so the owner's setting
  // turns it off, as an owner may (docs/decisions/0063).
  const client = new pg.Client({ connectionString: throwaway.url });
  await client.connect();
  await client.query('insert into staff_settings (id, require_two_factor) values (1, false) on conflict (id) do update set require_two_factor = false');
  await client.end();
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
      expect(list.body.pagination.total).toBe(seedPotions.length + seedSets.length);
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

const potion = (price: number) => ({
  name: 'Moon Dew',
  category: 'ritual',
  price,
  description: 'Night-blooming jasmine caught at the dark of the moon.',
  inventory: 12,
  isSignature: false,
  image: '/images/potions/valor.svg',
  images: ['/images/potions/valor.svg'],
  sizes: [{ size: '30ml', price: 0, inStock: true }],
  notes: { top: ['Jasmine'], heart: ['Moonflower'], base: ['Vetiver'] },
  effect: '',
});

async function signInAdmin(base: string): Promise<string> {
  const response = await api(base, 'POST', '/api/admin/login', ADMIN);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.token as string;
}

describe('a write on one process', () => {
  it('shows a new price on the others, in the API and on the page, within a second', async () => {
    const admin = await signInAdmin(bases[0]!);
    const created = await api(bases[0]!, 'POST', '/api/products', potion(1111), admin);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id, slug } = created.body.product as { id: number; slug: string };
    // The other processes read and cache the old price first.
    for (const base of bases.slice(1)) {
      expect((await api(base, 'GET', `/api/products/${slug}`)).body.product.price).toBe(1111);
      expect((await api(base, 'GET', `/products/${slug}`)).text).toContain(formatRupees(1111));
    }

    const changed = await api(bases[0]!, 'PUT', `/api/products/${id}`, potion(2345), admin);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const writtenAt = Date.now();
    for (const base of bases.slice(1)) {
      await expect.poll(async () => (await api(base, 'GET', `/api/products/${slug}`)).body.product.price, { timeout: 1000, interval: 50 }).toBe(2345);
      await expect.poll(async () => (await api(base, 'GET', `/products/${slug}`)).text, { timeout: 1000, interval: 50 }).toContain(formatRupees(2345));
    }
    expect(Date.now() - writtenAt).toBeLessThan(2000);
  });

  it('moves the delivery day the others promise when a holiday is added, within a second', async () => {
    const admin = await signInAdmin(bases[0]!);
    const promised = async (base: string) => (await api(base, 'GET', '/api/shipping/serviceability?pincode=560038')).body.estimatedDelivery as string;
    // The other processes read and keep the zones and holidays first.
    const before = await promised(bases[1]!);
    expect(await promised(bases[2]!)).toBe(before);
    const added = await api(bases[0]!, 'POST', '/api/admin/shipping/holidays', { day: before, name: 'Courier strike' }, admin);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    for (const base of bases.slice(1)) await expect.poll(() => promised(base), { timeout: 1000, interval: 50 }).not.toBe(before);
  });
});

/** Reads a notification stream until an event named `event` arrives; resolves false after `timeoutMs`. */
function awaitStreamEvent(url: string, token: string, event: string, timeoutMs: number): { opened: Promise<void>; arrived: Promise<boolean> } {
  const controller = new AbortController();
  let markOpened: () => void = () => {};
  const opened = new Promise<void>((resolve) => (markOpened = resolve));
  const arrived = (async () => {
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
      const reader = response.body!.getReader();
      let text = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return false;
        text += new TextDecoder().decode(value);
        if (text.includes('event: ready')) markOpened();
        if (text.includes(`event: ${event}`)) return true;
      }
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
  })();
  return { opened, arrived };
}

const SHIPPING = {
  customerInfo: { name: 'Mira Night', email: 'mira@deosil.test', phone: '+91 98765 43210' },
  shippingAddress: { street: '12 Moonlit Lane', city: 'Pune', state: 'Maharashtra', zipCode: '411001', country: 'India' },
};

describe('a checkout race across processes', () => {
  it('sells 3 units to exactly 3 of 30 shoppers paying at once on three processes', async () => {
    const admin = await signInAdmin(bases[0]!);
    const created = await api(bases[0]!, 'POST', '/api/products', { ...potion(999), name: 'Last Three Vials', inventory: 3 }, admin);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id, slug } = created.body.product as { id: number; slug: string };
    const shoppers = await Promise.all(
      Array.from({ length: 30 }, async (_, index) => {
        const email = `racer.${index}.${Date.now()}@deosil.test`;
        const registered = await api(bases[index % 3]!, 'POST', '/api/auth/register', { name: 'Racing Witch', email, password: 'Moonlight7!', confirmPassword: 'Moonlight7!' });
        expect(registered.status, JSON.stringify(registered.body)).toBe(201);
        return { token: registered.body.token as string, index };
      }),
    );
    // Each shopper opens the payment on one process and is confirmed on the next, as a load balancer might send them.
    const outcomes = await Promise.all(
      shoppers.map(async ({ token, index }) => {
        const base = bases[index % 3]!;
        const opened = await api(base, 'POST', '/api/payments/razorpay/create-payment-order', { items: [{ productId: id, size: '30ml', quantity: 1 }], ...SHIPPING }, token);
        if (opened.status !== 200) return { stage: 'refused', status: opened.status };
        const paid = await api(base, 'POST', '/api/payments/sandbox/pay', { razorpay_order_id: opened.body.razorpayOrder.id, outcome: 'success' }, token);
        expect(paid.status, JSON.stringify(paid.body)).toBe(200);
        const { success: _success, ...confirmation } = paid.body;
        const verified = await api(bases[(index + 1) % 3]!, 'POST', '/api/payments/razorpay/verify-and-create-order', confirmation, token);
        expect(verified.status, JSON.stringify(verified.body)).toBe(200);
        return { stage: 'paid', status: verified.status, order: verified.body.order as { status: string; paymentStatus: string } };
      }),
    );
    const sold = outcomes.filter((outcome) => outcome.order && outcome.order.status !== 'cancelled' && outcome.order.paymentStatus === 'paid');
    expect(sold).toHaveLength(3);
    // Anyone else was refused before paying, or refunded in full if they paid: never an order without stock.
    for (const outcome of outcomes.filter((item) => !sold.includes(item))) {
      if (outcome.order) expect(outcome.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_pending' });
      else expect(outcome.status).toBe(409);
    }
    for (const base of bases) {
      const shown = await api(base, 'GET', `/api/products/${slug}`);
      expect(shown.body.product.inStock).toBe(false);
    }
  }, 60_000);
});

describe('a database outage', () => {
  it('answers 503 while the database refuses connections, then every process recovers, live notifications included', async () => {
    const admin = await signInAdmin(bases[0]!);
    const email = `nila.${Date.now()}@deosil.test`;
    const registered = await api(bases[0]!, 'POST', '/api/auth/register', { name: 'Nila Moon', email, password: 'Moonlight7!', confirmPassword: 'Moonlight7!' });
    const { token, user } = registered.body as { token: string; user: { id: string } };
    // A stream held on the second process; the notification is written on the first.
    const stream = awaitStreamEvent(`${bases[1]}/api/notifications/stream`, token, 'notification', 45_000);
    await stream.opened;

    const server = new pg.Client({ connectionString: serverUrl });
    await server.connect();
    const name = pg.escapeIdentifier(new URL(throwaway.url).pathname.slice(1));
    try {
      // Every connection to the shop's database ends (the listeners' too), and no new one is let in for 5 s.
      await server.query(`alter database ${name} with allow_connections false`);
      await server.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [new URL(throwaway.url).pathname.slice(1)]);
      const outageEnds = Date.now() + 5000;
      for (const base of bases) {
        const uncached = await api(base, 'GET', `/api/products?search=outage${Date.now()}`);
        expect(uncached.status).toBe(503);
        expect(uncached.headers.get('retry-after')).toBe('5');
        expect((await api(base, 'GET', '/api/ready')).status).toBe(503);
        expect((await api(base, 'GET', '/api/health')).body).toMatchObject({ status: 'ok', database: 'down' });
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, outageEnds - Date.now())));
    } finally {
      await server.query(`alter database ${name} with allow_connections true`);
      await server.end();
    }

    for (const base of bases) await waitForStatus(`${base}/api/ready`, 200, 15_000);
    // The listeners come back with backoff; a notification sent once they are back reaches the open stream.
    let delivered = false;
    void stream.arrived.then((value) => (delivered = value));
    for (let attempt = 0; attempt < 30 && !delivered; attempt += 1) {
      const sent = await api(bases[0]!, 'POST', '/api/admin/notifications', { userId: user.id, title: 'The moon returns', message: 'Back after the outage' }, admin);
      expect(sent.status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    expect(await stream.arrived).toBe(true);
  }, 60_000);
});

describe('a process killed outright', () => {
  it('leaves the others serving, with nothing written before it lost', async () => {
    const admin = await signInAdmin(bases[2]!);
    const created = await api(bases[2]!, 'POST', '/api/products', { ...potion(1777), name: 'Survivor Incense' }, admin);
    expect(created.status).toBe(201);
    processes[2]!.child.kill('SIGKILL');
    await new Promise((resolve) => processes[2]!.child.once('exit', resolve));
    for (const base of bases.slice(0, 2)) {
      expect((await api(base, 'GET', '/api/ready')).status).toBe(200);
      expect((await api(base, 'GET', `/api/products/${created.body.product.slug}`)).body.product.price).toBe(1777);
      expect((await api(base, 'GET', '/products')).status).toBe(200);
    }
  });
});
