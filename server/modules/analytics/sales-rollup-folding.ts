import { sql, type SQL } from 'drizzle-orm';
import { shopDate } from '../../../domain/orders.ts';
import type { Database } from '../../db/client.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';
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
  let folded = 0;
  for (const rollup of ROLLUPS) folded += await db.transaction((tx) => foldSlots(tx, rollup, today));
  return folded;
}

/** A rollup table: the columns a row is kept per (besides its slot), and the figures added up in it. */
interface Rollup {
  table: typeof dailySales | typeof dailyProductSales;
  keys: readonly string[];
  figures: readonly string[];
}

const ROLLUPS: readonly Rollup[] = [
  { table: dailySales, keys: ['day'], figures: ['orders', 'revenue_paise'] },
  { table: dailyProductSales, keys: ['day', 'product_id', 'category_id'], figures: ['units', 'revenue_paise'] },
];

/** One table's fold, as one statement: lock the slot rows in key order, delete them, add their sums to slot 0. */
async function foldSlots(tx: Transaction, { table, keys, figures }: Rollup, today: string): Promise<number> {
  const list = (names: readonly string[], as: (name: SQL) => SQL = (name) => name) => sql.join(names.map((name) => as(sql`${sql.identifier(name)}`)), sql`, `);
  const keyList = list(keys);
  const result = await tx.execute(sql`
    with locked as (
      select ${keyList}, slot from ${table} where day < ${today} and slot <> 0 order by ${keyList}, slot for update
    ), folded as (
      delete from ${table} as sold using locked
      where ${sql.join([...keys, 'slot'].map((name) => sql`sold.${sql.identifier(name)} = locked.${sql.identifier(name)}`), sql` and `)}
      returning ${list([...keys, ...figures], (name) => sql`sold.${name}`)}
    ), summed as (
      select ${keyList}, ${list(figures, (name) => sql`sum(${name}) as ${name}`)}, count(*)::integer as rows from folded group by ${keyList}
    ), kept as (
      insert into ${table} as sold (${keyList}, slot, ${list(figures)}) select ${keyList}, 0, ${list(figures)} from summed order by ${keyList}
      on conflict (${keyList}, slot) do update set ${list(figures, (name) => sql`${name} = sold.${name} + excluded.${name}`)}
    )
    select coalesce(sum(rows), 0)::integer as rows from summed`);
  return Number((result as unknown as { rows: { rows: number }[] }).rows[0]?.rows ?? 0);
}
