import { sql } from 'drizzle-orm';
import { shopDate } from '../../../domain/orders.ts';
import type { Database } from '../../db/client.ts';
import { dailyProductSales, dailySales } from '../../db/schema/index.ts';

/** The pg-boss queue whose nightly run folds the finished days' rollup slots into one row each. */
export const ROLLUP_FOLD_QUEUE = 'sales-rollup-fold';
/** At 00:30 on the shop's clock, when the day before has ended; a run that fails is simply done the next night. */
export const ROLLUP_FOLD_CRON = '30 0 * * *';

/**
 * Folds the rollup rows of every shop day before `today` into slot 0: a day's figures are spread over slots only
 * so that the day's concurrent checkouts do not queue on one row (migration 0027); once the day is over, its
 * reports read one row per day (and product) again instead of up to eight. A late change to a folded day (an
 * old order cancelled) writes to its order's slot again, and the next run folds it in. Each table is folded in a
 * transaction of its own, its rows locked in key order, the order in which order writes take them.
 * Returns how many slot rows were folded away.
 */
export async function foldRollupSlots(db: Database, today: string = shopDate(new Date())): Promise<number> {
  const salesFolded = await db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      with locked as (
        select day, slot from ${dailySales} where day < ${today} and slot <> 0 order by day, slot for update
      ), folded as (
        delete from ${dailySales} as sold using locked where sold.day = locked.day and sold.slot = locked.slot
        returning sold.day, sold.orders, sold.revenue_paise
      ), summed as (
        select day, sum(orders)::integer as orders, sum(revenue_paise)::bigint as revenue_paise, count(*)::integer as rows from folded group by day
      ), kept as (
        insert into ${dailySales} as sold (day, slot, orders, revenue_paise) select day, 0, orders, revenue_paise from summed order by day
        on conflict (day, slot) do update set orders = sold.orders + excluded.orders, revenue_paise = sold.revenue_paise + excluded.revenue_paise
      )
      select coalesce(sum(rows), 0)::integer as rows from summed`);
    return rowsOf(result);
  });
  const productSalesFolded = await db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      with locked as (
        select day, product_id, category_id, slot from ${dailyProductSales} where day < ${today} and slot <> 0
        order by day, product_id, category_id, slot for update
      ), folded as (
        delete from ${dailyProductSales} as sold using locked
        where sold.day = locked.day and sold.product_id = locked.product_id and sold.category_id = locked.category_id and sold.slot = locked.slot
        returning sold.day, sold.product_id, sold.category_id, sold.units, sold.revenue_paise
      ), summed as (
        select day, product_id, category_id, sum(units)::integer as units, sum(revenue_paise)::bigint as revenue_paise, count(*)::integer as rows
        from folded group by day, product_id, category_id
      ), kept as (
        insert into ${dailyProductSales} as sold (day, product_id, category_id, slot, units, revenue_paise)
        select day, product_id, category_id, 0, units, revenue_paise from summed order by day, product_id, category_id
        on conflict (day, product_id, category_id, slot) do update set units = sold.units + excluded.units, revenue_paise = sold.revenue_paise + excluded.revenue_paise
      )
      select coalesce(sum(rows), 0)::integer as rows from summed`);
    return rowsOf(result);
  });
  return salesFolded + productSalesFolded;
}

function rowsOf(result: unknown): number {
  return Number((result as { rows: { rows: number }[] }).rows[0]?.rows ?? 0);
}
