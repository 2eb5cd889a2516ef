// `npm run bench` (courier part): how many Shiprocket tracking events a second the shop takes with each parcel's
// order moved through its lifecycle (history, status e-mail, notices) before the webhook answers, on PGlite and
// (with DATABASE_URL) on PostgreSQL; and what a delivery promise costs when the courier is asked and when its
// answer is kept. Not a test: it prints figures. The yardstick is 500 events a second on PostgreSQL on this
// machine; the figure to compare is the ratio to a bare Fastify route measured in the same run.
//   events:        BENCH_PARCELS parcels (400), four scans each (picked up, in transit, out for delivery,
//                  delivered), sent BENCH_IN_FLIGHT (20) at a time through the HTTP stack (app.inject); three of the
//                  four move the order. Reports arriving together are applied together, up to COURIER_WEBHOOK_BATCH
//                  (docs/decisions/0081). An event counts when the webhook answered 'processed' (its order moved and
//                  committed), and the run then checks that every parcel and every order reads delivered.
//   BENCH_COURIER_PORT: where the Shiprocket stand-in listens (any free port when unset).
//   serviceability: GET /api/shipping/serviceability for fresh PIN codes (the courier stand-in is asked, locally)
//                  and again for the same ones (the day's kept answer).
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../server/db/client.ts';
import { createThrowawayDatabase } from '../server/db/throwaway-database.ts';
import { seedCatalogueIfEmpty } from '../server/db/seed/seed-catalogue.ts';
import { startFakeShiprocket } from '../tests/support/fake-shiprocket.ts';
import { generateOrders } from './generate-orders.ts';

const PARCELS = Number(process.env.BENCH_PARCELS ?? 400);
/** Which databases to measure: both by default (PostgreSQL only with DATABASE_URL); `postgres` skips PGlite. */
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 20);
const STAND_IN_PORT = Number(process.env.BENCH_COURIER_PORT ?? 0);
const TOKEN = 'bench-webhook-token-0123456789';
const SCANS: [code: number, label: string, time: string][] = [
  [42, 'Picked Up', '24 11 2026 11:00:00'],
  [18, 'In Transit', '24 11 2026 20:00:00'],
  [17, 'Out For Delivery', '26 11 2026 09:00:00'],
  [7, 'Delivered', '26 11 2026 14:30:00'],
];

/** Statements sent to PostgreSQL while `counting`, by their start: where an event's round trips go. */
const statements = new Map<string, number>();
let counting = false;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (counting) {
    const config = args[0] as string | { text?: string };
    const text = typeof config === 'string' ? config : (config?.text ?? '');
    const key = text.replace(/\s+/g, ' ').trim().slice(0, 70);
    statements.set(key, (statements.get(key) ?? 0) + 1);
  }
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

/** Sends `payloads` through `inject`, IN_FLIGHT at a time, each parcel's scans in order; answers events a second. */
async function drive(payloads: Record<string, unknown>[], inject: (payload: Record<string, unknown>) => Promise<boolean>): Promise<{ perSecond: number; failed: number }> {
  let next = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < payloads.length) {
        const payload = payloads[next++]!;
        if (!(await inject(payload))) failed += 1;
      }
    }),
  );
  return { perSecond: payloads.length / ((performance.now() - started) / 1000), failed };
}

/**
 * The yardstick, measured in the same run: a bare Fastify route that takes the same bodies through the same
 * app.inject, checks the header and answers as the webhook does, touching no database.
 */
async function yardstick(payloads: Record<string, unknown>[]): Promise<number> {
  const bare = Fastify({ logger: false });
  bare.post('/hook', async (request) => ({ success: true, outcome: request.headers['x-api-key'] === TOKEN ? 'processed' : 'ignored' }));
  await bare.ready();
  const { perSecond } = await drive(payloads, async (payload) => {
    const response = await bare.inject({ method: 'POST', url: '/hook', headers: { 'x-api-key': TOKEN }, payload });
    return response.statusCode === 200;
  });
  await bare.close();
  return perSecond;
}

/** Paid orders standing ready, each with one parcel the courier has an AWB for. */
async function parcels(database: DatabaseHandle): Promise<string[]> {
  await generateOrders(database, { orders: PARCELS * 3, customers: 200 });
  await database.db.execute(sql`
    with chosen as (select id from orders where order_number like 'BN-%' order by order_number limit ${PARCELS})
    update orders set status = 'processing', payment_status = 'paid', holds_stock = true, payment_method = 'upi', cod_confirmed_at = null
    where id in (select id from chosen)`);
  await database.db.execute(sql`
    insert into shipments (order_id, provider, status, lines, weight_grams, length_cm, breadth_cm, height_cm, reference, awb, courier_name, last_event_at)
    select id, 'shiprocket', 'awb-assigned', '[]'::jsonb, 250, 15, 10, 8, order_number || '-1', 'BNAWB' || row_number() over (order by order_number), 'Delhivery Surface', now()
    from orders where status = 'processing' and order_number like 'BN-%' order by order_number limit ${PARCELS}`);
  const result = (await database.db.execute(sql`select awb from shipments where awb like 'BNAWB%' order by id`)) as unknown as { rows: { awb: string }[] };
  return result.rows.map((row) => row.awb);
}

async function measure(label: string, database: DatabaseHandle): Promise<void> {
  await database.migrate();
  await seedCatalogueIfEmpty(database.db);
  const fake = await startFakeShiprocket({ email: 'bench@deosil.bench', password: 'bench-password' }, { port: STAND_IN_PORT });
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    JOBS_IN_WEB: 'false',
    SHIPROCKET_WEBHOOK_TOKEN: TOKEN,
    SHIPROCKET_EMAIL: 'bench@deosil.bench',
    SHIPROCKET_PASSWORD: 'bench-password',
    SHIPROCKET_API_BASE: fake.url,
    SHIPROCKET_PICKUP_LOCATION: 'Deosil Studio',
    // `COURIER_WEBHOOK_BATCH=1 npm run bench` measures one transaction per report, as before the batches.
    ...(process.env.COURIER_WEBHOOK_BATCH ? { COURIER_WEBHOOK_BATCH: process.env.COURIER_WEBHOOK_BATCH } : {}),
  });
  const app = await buildApp({ config, database });
  try {
    const awbs = await parcels(database);
    const events = SCANS.flatMap((scan) => awbs.map((awb) => fake.webhookPayload(awb, scan[0], scan[1], scan[2])));
    counting = true;
    statements.clear();
    const { perSecond, failed } = await drive(events, async (payload) => {
      const response = await app.inject({ method: 'POST', url: '/api/shipping/courier-updates', headers: { 'x-api-key': TOKEN }, payload });
      return response.statusCode === 200 && response.json().outcome === 'processed';
    });
    counting = false;
    // Applied, not merely accepted: every parcel and its order must read delivered, with the delivered e-mail queued.
    const [applied] = (
      (await database.db.execute(sql`
        select count(*) filter (where s.status = 'delivered')::int as parcels, count(*) filter (where o.status = 'delivered')::int as orders,
               count(*) filter (where exists (select 1 from email_messages m where m.dedupe_key like 'order-delivered:' || o.id || ':%'))::int as mails
        from shipments s join orders o on o.id = s.order_id where s.awb like 'BNAWB%'`)) as unknown as { rows: { parcels: number; orders: number; mails: number }[] }
    ).rows;
    const bare = await yardstick(events);
    console.log(
      `${label}: ${events.length} tracking events = ${Math.round(perSecond)} events/s (${failed} not processed; ${applied!.parcels}/${awbs.length} parcels and ${applied!.orders} orders delivered, ` +
        `${applied!.mails} delivered e-mails queued); target 500/s: ${(perSecond / 500).toFixed(2)}×; bare Fastify route in the same run ${Math.round(bare)}/s, ` +
        `the webhook at ${((perSecond / bare) * 100).toFixed(1)}% of it; ${IN_FLIGHT} in flight, batches of up to ${config.shipping.webhookBatch}; load average ${loadavg().map((load) => load.toFixed(2)).join(' ')}`,
    );
    if (statements.size) {
      const total = [...statements.values()].reduce((sum, count) => sum + count, 0);
      console.log(`${label}: ${(total / events.length).toFixed(1)} statements an event; the most sent:`);
      for (const [text, count] of [...statements].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${(count / events.length).toFixed(2)}  ${text}`);
    }

    const pins = Array.from({ length: 100 }, (_, index) => String(560_001 + index));
    const time = async (list: string[]) => {
      const start = performance.now();
      for (const pin of list) await app.inject({ method: 'GET', url: `/api/shipping/serviceability?pincode=${pin}` });
      return (performance.now() - start) / list.length;
    };
    const asked = await time(pins);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const kept = await time(pins);
    console.log(`${label}: delivery promise ${asked.toFixed(2)} ms asking the courier (a local stand-in), ${kept.toFixed(2)} ms from the kept answer`);
  } finally {
    await app.close();
    await fake.close();
  }
}

if (DATABASES.includes('pglite')) {
  const pglite = await openDatabase({ kind: 'memory' });
  await measure('PGlite', pglite);
  await pglite.close();
}

if (process.env.DATABASE_URL && DATABASES.includes('postgres')) {
  const throwaway = await createThrowawayDatabase(process.env.DATABASE_URL, 'deosil_courier_bench');
  const postgres = await openDatabase({ kind: 'postgres', url: throwaway.url });
  try {
    await measure('PostgreSQL', postgres);
  } finally {
    await postgres.close();
    await throwaway.drop();
  }
}
