// `npm run bench` (courier part): how many Shiprocket tracking events a second the shop takes with each parcel's
// order moved through its lifecycle (history, status e-mail, notices) in the same transaction, on PGlite and (with
// DATABASE_URL) on PostgreSQL; and what a delivery promise costs when the courier is asked and when its answer is
// kept. Not a test: it prints figures. The yardstick is 500 events a second on PostgreSQL on this machine.
//   events:        BENCH_PARCELS parcels (400), four scans each (picked up, in transit, out for delivery,
//                  delivered), sent 20 at a time through the HTTP stack (app.inject); three of the four move the order.
//   serviceability: GET /api/shipping/serviceability for fresh PIN codes (the courier stand-in is asked, locally)
//                  and again for the same ones (the day's kept answer).
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../server/db/client.ts';
import { createThrowawayDatabase } from '../server/db/throwaway-database.ts';
import { seedCatalogueIfEmpty } from '../server/db/seed/seed-catalogue.ts';
import { startFakeShiprocket } from '../tests/support/fake-shiprocket.ts';
import { generateOrders } from './generate-orders.ts';

const PARCELS = Number(process.env.BENCH_PARCELS ?? 400);
const IN_FLIGHT = 20;
const TOKEN = 'bench-webhook-token-0123456789';
const SCANS: [code: number, label: string, time: string][] = [
  [42, 'Picked Up', '24 11 2026 11:00:00'],
  [18, 'In Transit', '24 11 2026 20:00:00'],
  [17, 'Out For Delivery', '26 11 2026 09:00:00'],
  [7, 'Delivered', '26 11 2026 14:30:00'],
];

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
  const fake = await startFakeShiprocket({ email: 'bench@deosil.bench', password: 'bench-password' });
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    JOBS_IN_WEB: 'false',
    SHIPROCKET_WEBHOOK_TOKEN: TOKEN,
    SHIPROCKET_EMAIL: 'bench@deosil.bench',
    SHIPROCKET_PASSWORD: 'bench-password',
    SHIPROCKET_API_BASE: fake.url,
    SHIPROCKET_PICKUP_LOCATION: 'Deosil Studio',
  });
  const app = await buildApp({ config, database });
  try {
    const awbs = await parcels(database);
    const events = SCANS.flatMap((scan) => awbs.map((awb) => fake.webhookPayload(awb, scan[0], scan[1], scan[2])));
    let next = 0;
    let failed = 0;
    const started = performance.now();
    // Each scan of a parcel follows the one before it (a courier reports them in order); parcels run side by side.
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < events.length) {
          const payload = events[next++]!;
          const response = await app.inject({ method: 'POST', url: '/api/shipping/courier-updates', headers: { 'x-api-key': TOKEN }, payload });
          if (response.statusCode !== 200 || response.json().outcome !== 'processed') failed += 1;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(`${label}: ${events.length} tracking events in ${seconds.toFixed(1)} s = ${Math.round(events.length / seconds)} events/s (${failed} not processed); yardstick 500/s: ${(events.length / seconds / 500).toFixed(2)}×`);

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

const pglite = await openDatabase({ kind: 'memory' });
await measure('PGlite', pglite);
await pglite.close();

if (process.env.DATABASE_URL) {
  const throwaway = await createThrowawayDatabase(process.env.DATABASE_URL, 'deosil_courier_bench');
  const postgres = await openDatabase({ kind: 'postgres', url: throwaway.url });
  try {
    await measure('PostgreSQL', postgres);
  } finally {
    await postgres.close();
    await throwaway.drop();
  }
}
