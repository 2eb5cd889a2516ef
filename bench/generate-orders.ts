// `npm run bench:data`: fills a shop database with a year and a bit of trade for the reporting benchmarks:
// 100,000 orders (BENCH_ORDERS) with their checkouts, lines and status history spread over the last 400 days,
// one in three paid on delivery (collected when delivered, returned to origin when cancelled), and 5,000
// customers (BENCH_CUSTOMERS). Set-based INSERT … SELECT over generate_series, so it takes seconds,
// not a round trip per row. Writes to DATABASE_URL, or else to the embedded database in DATA_DIR. Run it twice
// and it adds nothing the second time.
import { sql } from 'drizzle-orm';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../server/db/client.ts';
import { seedCatalogueIfEmpty } from '../server/db/seed/seed-catalogue.ts';
import { foldRollupSlots } from '../server/modules/analytics/sales-rollup-folding.ts';

const SPREAD_DAYS = 400;
/** The 'Cash on Delivery fee' of the generated COD orders (₹49). */
const COD_FEE_PAISE = 4_900;

async function count(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await handle.db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]?.n ?? 0);
}

export async function generateOrders(handle: DatabaseHandle, options: { orders?: number; customers?: number } = {}): Promise<{ orders: number; customers: number }> {
  const orderCount = options.orders ?? 100_000;
  const customerCount = options.customers ?? 5_000;
  const { db } = handle;
  await seedCatalogueIfEmpty(db);
  if ((await count(handle, sql`select count(*) as n from orders where order_number like 'BN-%'`)) > 0) {
    return { orders: 0, customers: 0 };
  }

  await db.transaction(async (tx) => {
    // Customers join evenly over the whole spread; one in twenty has lapsed, one in a hundred is banned.
    await tx.execute(sql`
      insert into users (name, email, password_hash, role, status, created_at, updated_at)
      select 'Bench Customer ' || g, 'bench-customer-' || g || '@deosil.bench', 'not-a-password-hash', 'customer',
             case when g % 100 = 0 then 'banned' when g % 20 = 0 then 'inactive' else 'active' end,
             now() - make_interval(secs => (${SPREAD_DAYS} * 86400.0) * g / ${customerCount}),
             now()
      from generate_series(1, ${customerCount}) as g`);

    await tx.execute(sql`create temporary table bench_products on commit drop as
      select row_number() over (order by id) as k, id, name, slug, category_id, price_paise, main_image from products where archived_at is null`);
    await tx.execute(sql`create temporary table bench_customers on commit drop as
      select row_number() over (order by id) as k, id from users where email like 'bench-customer-%'`);

    // One to three lines per order; products and customers picked by a hash of the order number, so the data
    // is the same on every run and every database.
    await tx.execute(sql`create temporary table bench_lines on commit drop as
      select g as n, line, p.id as product_id, p.name, p.slug, p.category_id, p.price_paise, p.main_image,
             1 + ((g * 7 + line * 3) % 3) as quantity
      from generate_series(1, ${orderCount}) as g
      cross join lateral generate_series(1, 1 + (g % 3)) as line
      join bench_products p on p.k = 1 + ((g * 31 + line * 17) % (select count(*) from bench_products))`);

    await tx.execute(sql`create temporary table bench_orders on commit drop as
      select g as n, gen_random_uuid() as id, gen_random_uuid() as checkout_id, c.id as user_id,
             now() - make_interval(secs => ${SPREAD_DAYS} * 86400.0 * ((g * 7919) % ${orderCount}) / ${orderCount}) as created_at,
             case when g % 20 = 0 then 'cancelled' when g % 20 = 1 then 'pending' when g % 20 = 2 then 'processing'
                  when g % 20 in (3, 4) then 'shipped' when g % 20 = 5 then 'out-for-delivery' else 'delivered' end as status,
             g % 3 = 0 as cod,
             case when g % 3 = 0 then (case when g % 20 = 0 then 'not_collected' when g % 20 < 6 then 'cod_pending' else 'paid' end)
                  when g % 20 = 0 then (case when g % 40 = 0 then 'refunded' else 'refund_pending' end) else 'paid' end as payment_status,
             case when g % 3 = 0 then ${COD_FEE_PAISE} else 0 end as cod_fee_paise,
             totals.subtotal_paise
      from generate_series(1, ${orderCount}) as g
      join bench_customers c on c.k = 1 + ((g * 13) % (select count(*) from bench_customers))
      join (select n, sum(price_paise * quantity) as subtotal_paise from bench_lines group by n) as totals on totals.n = g`);

    // Temporary tables have no statistics until analysed; without them the joins below plan as nested loops.
    await tx.execute(sql`analyze bench_lines`);
    await tx.execute(sql`analyze bench_orders`);

    const address = sql`'{"street":"13 Raven Lane","city":"Pune","state":"Maharashtra","zipCode":"411001","country":"India"}'::jsonb`;
    await tx.execute(sql`
      insert into checkouts (id, user_id, provider, provider_order_id, amount_paise, subtotal_paise, discount_paise, lines, customer, shipping_address, status, created_at, updated_at)
      select o.checkout_id, o.user_id, case when o.cod then 'cod' else 'sandbox' end, 'bench_' || o.n, o.subtotal_paise + o.cod_fee_paise, o.subtotal_paise, 0, '[]'::jsonb,
             '{"name":"Bench Customer","email":"bench@deosil.bench","phone":""}'::jsonb, ${address}, 'paid', o.created_at, o.created_at
      from bench_orders o`);
    await tx.execute(sql`
      insert into orders (id, order_number, user_id, checkout_id, status, payment_status, payment_provider, provider_order_id, provider_payment_id,
                          subtotal_paise, discount_paise, shipping_paise, charges_paise, charges, total_paise, refunded_paise, customer_name, customer_email, shipping_address, holds_stock,
                          payment_method, cod_confirm_by, cod_confirmed_at, cod_collected_at, cod_returned_at, created_at, updated_at)
      select o.id, 'BN-' || lpad(o.n::text, 7, '0'), o.user_id, o.checkout_id, o.status, o.payment_status, case when o.cod then 'cod' else 'sandbox' end, 'bench_' || o.n,
             case when o.cod then null else 'pay_bench_' || o.n end,
             o.subtotal_paise, 0, 0, o.cod_fee_paise,
             -- The fee as the bill's charge (domain/bill.ts), carried here by the order's first line.
             case when o.cod then jsonb_build_array(jsonb_build_object('kind', 'cod-fee', 'label', 'Cash on Delivery fee', 'amountPaise', o.cod_fee_paise,
               'allocation', jsonb_build_array(jsonb_build_object('line', (select l.product_id || '-50ml' from bench_lines l where l.n = o.n and l.line = 1), 'amountPaise', o.cod_fee_paise))))
             else '[]'::jsonb end,
             o.subtotal_paise + o.cod_fee_paise, case when o.payment_status = 'refunded' then o.subtotal_paise else 0 end,
             'Bench Customer ' || o.n, 'bench@deosil.bench', ${address}, false,
             case when o.cod then 'cod' else 'card' end,
             case when o.cod then o.created_at + interval '24 hours' end,
             case when o.cod then o.created_at + interval '1 hour' end,
             case when o.cod and o.payment_status = 'paid' then o.created_at + interval '4 days' end,
             case when o.cod and o.payment_status = 'not_collected' then o.created_at + interval '6 days' end,
             o.created_at, o.created_at
      from bench_orders o`);
    await tx.execute(sql`
      insert into order_items (order_id, product_id, name, slug, category_id, size, quantity, unit_price_paise, line_total_paise, image)
      select o.id, l.product_id, l.name, l.slug, l.category_id, '50ml', l.quantity, l.price_paise, l.price_paise * l.quantity, l.main_image
      from bench_lines l join bench_orders o on o.n = l.n`);
    await tx.execute(sql`
      insert into order_status_history (order_id, status, updated_by, created_at)
      select o.id, 'pending', 'System', o.created_at from bench_orders o
      union all
      select o.id, o.status, 'Bench Admin', o.created_at + interval '1 day' from bench_orders o where o.status <> 'pending'`);
  });
  // The finished days' rollup slots folded into one row each, as the nightly job leaves them on a trading shop.
  await foldRollupSlots(db);
  // Fresh statistics and visibility maps, as autovacuum would leave them on a shop that has been trading.
  if (handle.driver === 'postgres') await db.execute(sql`vacuum analyze`);
  else await db.execute(sql`analyze`);
  return { orders: orderCount, customers: customerCount };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = process.env.DATABASE_URL;
  const handle = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: path.resolve(process.env.DATA_DIR ?? 'data') });
  await handle.migrate();
  const started = Date.now();
  const made = await generateOrders(handle, { orders: Number(process.env.BENCH_ORDERS ?? 100_000), customers: Number(process.env.BENCH_CUSTOMERS ?? 5_000) });
  console.log(
    made.orders
      ? `Added ${made.orders} orders and ${made.customers} customers in ${((Date.now() - started) / 1000).toFixed(1)} s.`
      : 'Bench orders are already there; nothing added.',
  );
  await handle.close();
}
