// Checkout throughput on PostgreSQL (part of `npm run bench`; needs DATABASE_URL): 20 shoppers at once, each
// looping payment order → sandbox payment → verification, for 20 s, first all on one potion ("hot"), then spread
// over every potion. Counts verified orders per second, checks that nothing was oversold, and prints where the
// time went: each call's latency, and CPU seconds per order of the shop process and of PostgreSQL.
// Then the hot phase with a set (docs/decisions/0055) beside the hot potion in every basket: a set's sale takes
// each of its components' shelves, so it locks more rows than a potion. Then the hot phase again with three
// automatic promotions live (5% off, buy 2 get 1 on the category, a free gift), to show what pricing offers costs
// per order next to none, in the same run.
// Not a test: it prints figures. Target on the 2-core machine: ≥ 150 orders/s hot, hot ≥ 80% of spread, the set's
// baskets ≥ 80% of hot's orders/s.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { products } from '../server/db/schema/index.ts';
import { createThrowawayDatabase } from '../server/db/throwaway-database.ts';
import { heldUnitsOf } from '../server/modules/inventory/checkout-holds.ts';

const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 20);
/**
 * Customer accounts the shoppers take turns with: a sale-day crowd is many customers placing an order or two,
 * not the same twenty placing hundreds (each order reads its customer's history for the achievements).
 */
const ACCOUNTS = Math.max(SHOPPERS, Number(process.env.BENCH_ACCOUNTS ?? SHOPPERS * 10));
const DURATION_S = Number(process.env.BENCH_CHECKOUT_SECONDS ?? 20);
const PORT = Number(process.env.BENCH_CHECKOUT_PORT ?? 3905);
/**
 * Web processes (WEB_CONCURRENCY). One by default: on two cores PostgreSQL needs the other, and a second web
 * process cost more CPU per order than it added (docs/decisions/0030).
 */
const WEB_PROCESSES = Number(process.env.BENCH_WEB_CONCURRENCY ?? 1);
const TARGET_PER_SECOND = 150;
const STOCK = 1_000_000;
const CLOCK_TICKS_PER_SECOND = 100;

function cpuOf(pid: number, file = `/proc/${pid}/stat`): number {
  try {
    const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0; // the process ended
  }
}

/** The processes `pid` started (a cluster primary's web processes). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** CPU seconds of the shop: its process and, under WEB_CONCURRENCY, its web processes. */
function shopCpu(pid: number): number {
  return [pid, ...childrenOf(pid)].reduce((sum, each) => sum + cpuOf(each), 0);
}

/** CPU seconds of the main threads of the shop's web processes (requests, SQL, the job workers' JavaScript) alone. */
function mainThreadCpu(pid: number): number {
  const web = WEB_PROCESSES > 1 ? childrenOf(pid) : [pid];
  return web.reduce((sum, each) => sum + cpuOf(each, `/proc/${each}/task/${each}/stat`), 0);
}

/** CPU seconds the whole machine has spent busy (not idle or waiting on I/O) since boot, from /proc/stat. */
function machineBusyCpu(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = fields as [number, number, number, number, number, number, number, number];
  return (user + nice + system + irq + softirq + steal) / CLOCK_TICKS_PER_SECOND;
}

type Tally = Map<string, number>;

/** The statements the shop has sent so far, by kind (bench/statement-counter.mjs counts them inside the shop). */
function statementsOf(shop: ChildProcess): Promise<Tally> {
  return new Promise((resolve) => {
    const answer = (message: unknown) => {
      const statements = (message as { statements?: [string, number][] }).statements;
      if (!statements) return;
      shop.off('message', answer);
      resolve(new Map(statements));
    };
    shop.on('message', answer);
    shop.send('statements?');
  });
}

function tallyDifference(after: Tally, before: Tally): Tally {
  return new Map([...after].map(([key, count]) => [key, count - (before.get(key) ?? 0)] as [string, number]).filter(([, count]) => count > 0));
}

const total = (tally: Tally) => [...tally.values()].reduce((sum, count) => sum + count, 0);

/**
 * CPU seconds used so far by the PostgreSQL backends serving the bench's database (the shop's pool), read from
 * /proc; other databases on the same server (other work on the machine) are left out.
 */
async function postgresCpu(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
  return rows.reduce((sum, row) => sum + cpuOf(row.pid), 0);
}

function startShop(databaseUrl: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork('server/main.ts', [], {
      // BENCH_CPU_PROF=dir writes the shop's V8 CPU profile there, to see where its time goes.
      execArgv: ['--import', 'tsx', '--import', './bench/statement-counter.mjs', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        WEB_CONCURRENCY: String(WEB_PROCESSES),
        NODE_ENV: 'production',
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        // A shop has an admin, who is told of every new order.
        ADMIN_EMAIL: 'keeper@deosil.bench',
        ADMIN_PASSWORD: 'Bench-Keeper-13',
        PAYMENT_ORDER_RATE_LIMIT: '10000',
        REGISTRATION_RATE_LIMIT: '10000',
        // The promotions phase adds its own, after the phases without any.
        SEED_DEMO_PROMOTIONS: 'false',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('exit', (code) => reject(new Error(`the shop exited with ${code}`)));
    const deadline = Date.now() + 120_000;
    const poll = async () => {
      try {
        if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return resolve(child);
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) return reject(new Error('the shop did not start'));
      setTimeout(poll, 200);
    };
    void poll();
  });
}

/**
 * The shoppers' calls go through node:http on kept-alive connections, one per shopper: the driver shares the two
 * cores with the shop and PostgreSQL, and fetch() cost about twice its CPU per call.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: SHOPPERS });

function post(path: string, body: unknown, token?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        path,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> });
          } catch (error) {
            reject(error as Error);
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const SHIPPING = {
  customerInfo: { name: 'Bench Shopper', email: 'shopper@deosil.bench', phone: '9876543210' },
  shippingAddress: { street: '13 Raven Lane', city: 'Pune', state: 'Maharashtra', zipCode: '411001', country: 'India' },
};

interface Phase {
  name: string;
  orders: number;
  seconds: number;
  refused: number;
  errors: number;
  /** Mean milliseconds of each call. */
  create: number;
  pay: number;
  verify: number;
  shopCpuMsPerOrder: number;
  /** Of which the main thread; the rest is other threads (e-mail rendering workers, garbage collection, I/O pool). */
  shopMainCpuMsPerOrder: number;
  postgresCpuMsPerOrder: number;
  /** This process, playing the shoppers: their HTTP calls cost CPU on the same two cores. */
  driverCpuMsPerOrder: number;
  /** The whole machine's busy CPU (every process, the kernel's network stack, PostgreSQL's WAL writer). */
  machineCpuMsPerOrder: number;
  statementsPerOrder: number;
  statements: Tally;
}

interface BasketItem {
  productId: number;
  size: string;
  quantity: number;
}

/** One 15 ml bottle of a potion. */
const potion = (productId: number): BasketItem[] => [{ productId, size: '15ml', quantity: 1 }];

async function phase(name: string, shop: ChildProcess, client: pg.Client, accounts: string[], basketFor: (shopper: number, round: number) => BasketItem[], durationS = DURATION_S): Promise<Phase> {
  const timings = { create: 0, pay: 0, verify: 0 };
  let orders = 0;
  let refused = 0;
  let errors = 0;
  const shopCpuBefore = shopCpu(shop.pid!);
  const shopMainCpu = mainThreadCpu(shop.pid!);
  const driverCpu = process.cpuUsage();
  const machineCpu = machineBusyCpu();
  const pgCpu = await postgresCpu(client);
  const statementsBefore = await statementsOf(shop);
  const started = performance.now();
  const until = started + durationS * 1000;
  await Promise.all(
    Array.from({ length: SHOPPERS }, async (_, shopper) => {
      for (let round = 0; performance.now() < until; round += 1) {
        // Shopper n signs in as accounts n, n + SHOPPERS, …: no two shoppers share an account at once.
        const token = accounts[(shopper + round * SHOPPERS) % accounts.length]!;
        let at = performance.now();
        const created = await post('/api/payments/razorpay/create-payment-order', { items: basketFor(shopper, round), ...SHIPPING }, token);
        timings.create += performance.now() - at;
        if (created.status === 409) {
          refused += 1;
          continue;
        }
        if (created.status !== 200) {
          errors += 1;
          continue;
        }
        at = performance.now();
        const paid = await post('/api/payments/sandbox/pay', { razorpay_order_id: (created.body.razorpayOrder as { id: string }).id, outcome: 'success' }, token);
        timings.pay += performance.now() - at;
        at = performance.now();
        const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = paid.body as Record<string, string>;
        const verified = await post('/api/payments/razorpay/verify-and-create-order', { razorpay_order_id, razorpay_payment_id, razorpay_signature }, token);
        timings.verify += performance.now() - at;
        const order = verified.body.order as { paymentStatus?: string; status?: string } | undefined;
        if (verified.status === 200 && order?.paymentStatus === 'paid' && order.status === 'pending') orders += 1;
        else errors += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const calls = Math.max(orders + errors, 1);
  const statements = tallyDifference(await statementsOf(shop), statementsBefore);
  return {
    name,
    orders,
    seconds,
    refused,
    errors,
    create: timings.create / Math.max(orders + errors + refused, 1),
    pay: timings.pay / calls,
    verify: timings.verify / calls,
    shopCpuMsPerOrder: ((shopCpu(shop.pid!) - shopCpuBefore) * 1000) / Math.max(orders, 1),
    shopMainCpuMsPerOrder: ((mainThreadCpu(shop.pid!) - shopMainCpu) * 1000) / Math.max(orders, 1),
    postgresCpuMsPerOrder: (((await postgresCpu(client)) - pgCpu) * 1000) / Math.max(orders, 1),
    driverCpuMsPerOrder: (() => {
      const used = process.cpuUsage(driverCpu);
      return (used.user + used.system) / 1000 / Math.max(orders, 1);
    })(),
    machineCpuMsPerOrder: ((machineBusyCpu() - machineCpu) * 1000) / Math.max(orders, 1),
    statementsPerOrder: total(statements) / Math.max(orders, 1),
    statements,
  };
}

/**
 * Oversold: any potion whose units sold in standing orders exceed what it had, or whose shelf went below zero. A
 * set's line sold its components' units (order_items.components), never the set's own shelf.
 */
async function oversold(client: pg.Client, initial: Map<number, number>): Promise<number> {
  // Held: the units in the lines of checkouts still holding them, as the shop reads them.
  const held = new PgDialect().sqlToQuery(heldUnitsOf(products.id)).sql;
  const { rows } = await client.query<{ id: number; inventory: number; held: number; sold: string | null }>(`
    select products.id, products.inventory, ${held} as held,
           (select sum(units.quantity)
            from order_items i join orders o on o.id = i.order_id,
              lateral (
                select i.product_id, i.quantity where coalesce(jsonb_array_length(i.components), 0) = 0
                union all
                select (part ->> 'productId')::integer, (part ->> 'quantity')::integer * i.quantity from jsonb_array_elements(coalesce(i.components, '[]'::jsonb)) part
              ) units (product_id, quantity)
            where units.product_id = products.id and o.holds_stock) as sold
    from products`);
  let bad = 0;
  for (const row of rows) {
    const sold = Number(row.sold ?? 0);
    if (row.inventory < 0 || row.held < 0 || sold + row.inventory + row.held !== initial.get(row.id)) bad += 1;
  }
  return bad;
}

/**
 * Three automatic promotions every hot basket is priced against: 5% off (applies), buy 2 get 1 on the hot potion's
 * category (looked at, not reached by one unit) and a free 15 ml of another potion over ₹100 (applies, and takes
 * its stock). The shop hears of them through the cache bus, as it would of an admin's write.
 */
async function startPromotions(client: pg.Client, hotId: number, giftId: number): Promise<void> {
  const { rows } = await client.query<{ category_id: string }>('select category_id from products where id = $1', [hotId]);
  const startsAt = new Date(Date.now() - 60_000);
  const insert = 'insert into promotions (name, conditions, actions, combinable, priority, starts_at) values ($1, $2, $3, true, $4, $5)';
  await client.query(insert, ['Five off', '[]', JSON.stringify([{ type: 'order-percent', percentBp: 500, maximumPaise: null }]), 1, startsAt]);
  const trio = [{ type: 'buy-get', filter: { categoryIds: [rows[0]!.category_id] }, buy: 2, get: 1, percentBp: 10_000 }];
  await client.query(insert, ['Trio', '[]', JSON.stringify(trio), 2, startsAt]);
  const gift = [{ type: 'free-gift', productId: giftId, size: '15ml', quantity: 1 }];
  await client.query(insert, ['Gift', JSON.stringify([{ type: 'minimum-subtotal', amountPaise: 100_00 }]), JSON.stringify(gift), 3, startsAt]);
  await client.query("select pg_notify('deosil_cache', 'bench promotions')");
  await new Promise((resolve) => setTimeout(resolve, 500));
}

export async function benchCheckout(serverUrl: string): Promise<Phase[]> {
  const throwaway = await createThrowawayDatabase(serverUrl, 'deosil_bench_checkout');
  let shop: ChildProcess | undefined;
  const client = new pg.Client({ connectionString: throwaway.url });
  try {
    shop = await startShop(throwaway.url);
    await client.connect();
    await client.query('update products set inventory = $1', [STOCK]);
    const ids = (await client.query<{ id: number }>('select id from products where archived_at is null and id not in (select set_id from set_components) order by id')).rows.map((row) => row.id);
    // Every product's shelf starts at STOCK (a set's own is never touched: its sales take its components' units).
    const all = (await client.query<{ id: number }>('select id from products')).rows.map((row) => row.id);
    const initial = new Map(all.map((id) => [id, STOCK]));
    const password = 'Bench-Shopper-13';
    const register = async (index: number) =>
      (await post('/api/auth/register', { name: `Bench Shopper ${index}`, email: `shopper${index}@deosil.bench`, password, confirmPassword: password })).body.token as string;
    const tokens: string[] = [];
    for (let index = 0; index < ACCOUNTS; index += SHOPPERS) tokens.push(...(await Promise.all(Array.from({ length: Math.min(SHOPPERS, ACCOUNTS - index) }, (_, offset) => register(index + offset)))));
    const hotId = ids[0]!;
    // The demo catalogue's discovery set: six potions' 15 ml bottles, sold in its one size.
    const [set] = (await client.query<{ id: number; size: string }>("select p.id, s.size from products p join product_sizes s on s.product_id = p.id where p.slug = 'discovery-set'")).rows;
    if (!set) throw new Error('The demo catalogue has no discovery set');
    const results: Phase[] = [];
    // A short warm-up (JIT, pool, caches), not counted.
    await phase('warm-up', shop, client, tokens, () => potion(hotId), 2);
    results.push(await phase('hot (one potion)', shop, client, tokens, () => potion(hotId)));
    results.push(await phase(`spread (${ids.length} potions)`, shop, client, tokens, (shopper, round) => potion(ids[(shopper * 7 + round) % ids.length]!)));
    results.push(await phase('hot, set + potion', shop, client, tokens, () => [{ productId: set.id, size: set.size, quantity: 1 }, ...potion(hotId)]));
    await startPromotions(client, hotId, ids[ids.length - 1]!);
    results.push(await phase('hot, 3 promotions', shop, client, tokens, () => potion(hotId)));
    const bad = await oversold(client, initial);
    print(results, bad);
    return results;
  } finally {
    agent.destroy();
    await client.end().catch(() => undefined);
    if (shop) {
      shop.removeAllListeners('exit');
      const exited = new Promise((resolve) => shop!.once('exit', resolve));
      shop.kill('SIGTERM');
      await exited;
    }
    await throwaway.drop();
  }
}

function print(results: Phase[], oversoldPotions: number): void {
  console.log(`\nCheckout on PostgreSQL: ${SHOPPERS} shoppers taking turns with ${ACCOUNTS} accounts, ${DURATION_S} s per phase, payment order → sandbox payment → verification, ${WEB_PROCESSES} web process${WEB_PROCESSES > 1 ? 'es' : ''}`);
  const widths = [24, 10, 9, 8, 8, 11, 10, 11, 14, 12, 14, 12, 13, 10];
  const line = (cells: (string | number)[]) => console.log(cells.map((cell, index) => String(cell).padEnd(widths[index]!)).join(''));
  line(['phase', 'orders/s', 'vs 150', '409s', 'errors', 'create ms', 'pay ms', 'verify ms', 'shop CPU ms/o', 'main thr.', 'PG CPU ms/o', 'driver ms/o', 'machine ms/o', 'SQL/o']);
  for (const result of results) {
    const perSecond = result.orders / result.seconds;
    line([
      result.name,
      perSecond.toFixed(1),
      `${((perSecond / TARGET_PER_SECOND) * 100).toFixed(0)}%`,
      result.refused,
      result.errors,
      result.create.toFixed(1),
      result.pay.toFixed(1),
      result.verify.toFixed(1),
      result.shopCpuMsPerOrder.toFixed(1),
      result.shopMainCpuMsPerOrder.toFixed(1),
      result.postgresCpuMsPerOrder.toFixed(1),
      result.driverCpuMsPerOrder.toFixed(1),
      result.machineCpuMsPerOrder.toFixed(1),
      result.statementsPerOrder.toFixed(1),
    ]);
  }
  const [hot, spread, withSet, offers] = results;
  if (hot && spread) {
    const ratio = hot.orders / hot.seconds / (spread.orders / spread.seconds);
    console.log(`hot is ${(ratio * 100).toFixed(0)}% of spread (target ≥ 80%); oversold potions: ${oversoldPotions} (target 0)`);
  }
  if (hot && withSet) {
    const ratio = withSet.orders / withSet.seconds / (hot.orders / hot.seconds);
    console.log(
      `with a set in the basket: ${(ratio * 100).toFixed(0)}% of hot's orders/s (target ≥ 80%); shop CPU ${withSet.shopCpuMsPerOrder.toFixed(1)} vs ${hot.shopCpuMsPerOrder.toFixed(1)} ms/order, PostgreSQL ${withSet.postgresCpuMsPerOrder.toFixed(1)} vs ${hot.postgresCpuMsPerOrder.toFixed(1)}`,
    );
  }
  if (hot && offers) {
    const ratio = offers.orders / offers.seconds / (hot.orders / hot.seconds);
    console.log(
      `with 3 promotions: ${(ratio * 100).toFixed(0)}% of hot's orders/s; shop CPU ${offers.shopCpuMsPerOrder.toFixed(1)} vs ${hot.shopCpuMsPerOrder.toFixed(1)} ms/order, PostgreSQL ${offers.postgresCpuMsPerOrder.toFixed(1)} vs ${hot.postgresCpuMsPerOrder.toFixed(1)}`,
    );
  }
  console.log('CPU per order: the shop process (and of it its main thread; the rest is e-mail rendering workers, garbage collection and the I/O pool),');
  console.log('and the PostgreSQL backends serving its database (WAL writing and other databases not counted); the driver playing the shoppers;');
  console.log(`the whole machine (${cpus().length} cores give ${(cpus().length * 1000).toFixed(0)} ms of CPU a second). SQL/o: statements the shop sent per order.`);
  if (spread) {
    console.log(`Statements per order in the ${spread.name} phase, by kind (the payment orders, payments, verifications and the jobs they cause):`);
    const orders = Math.max(spread.orders, 1);
    for (const [statement, count] of [...spread.statements].sort((a, b) => b[1] - a[1]).slice(0, 60)) console.log(`  ${(count / orders).toFixed(2).padStart(6)}  ${statement}`);
  }
  // What a set or the promotions add to an order: the statements whose count per order differs from the hot phase's.
  for (const other of [withSet, offers]) {
    if (!hot || !other) continue;
    console.log(`Statements per order in the ${other.name} phase that differ from the hot phase's (hot → this):`);
    const perOrder = (result: Phase, key: string) => (result.statements.get(key) ?? 0) / Math.max(result.orders, 1);
    const keys = new Set([...hot.statements.keys(), ...other.statements.keys()]);
    const differing = [...keys].map((key) => [key, perOrder(hot, key), perOrder(other, key)] as const).filter(([, before, after]) => Math.abs(after - before) >= 0.05);
    for (const [statement, before, after] of differing.sort((a, b) => b[2] - b[1] - (a[2] - a[1]))) console.log(`  ${before.toFixed(2).padStart(6)} → ${after.toFixed(2).padStart(6)}  ${statement}`);
  }
  console.log(`machine load average at the end: ${loadavg().map((load) => load.toFixed(1)).join(' ')} on ${cpus().length} cores (other work lowers orders/s, not CPU per order)`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!process.env.DATABASE_URL) console.log('\nCheckout bench skipped: it needs DATABASE_URL (a PostgreSQL server).');
  else await benchCheckout(process.env.DATABASE_URL);
}
