import { and, asc, eq, getTableName, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { checkouts } from '../../db/schema/index.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';
import { releaseHeldStock } from './stock.ts';
import { releasePromotionUses } from '../promotions/promotion-uses.ts';
import { releaseTenders } from '../balances/tenders.ts';

type CheckoutRow = typeof checkouts.$inferSelect;

/** The pg-boss queue whose schedule gives back the units of checkouts nobody paid for in time. */
export const HOLD_EXPIRY_QUEUE = 'checkout-hold-expiry';
/** Every minute: a hold outlives its CHECKOUT_HOLD_MINUTES by a minute at most. */
export const HOLD_EXPIRY_CRON = '* * * * *';
/** Checkouts released per transaction, so one run never holds many product rows for long. */
const EXPIRY_BATCH = 200;

/**
 * The units live checkouts hold of the product in `productId` (all its sizes, alone or inside sets), as a column: what the shop set
 * aside for shoppers paying right now. Read from the checkouts' own lines, so paying for a checkout changes no
 * product row; the partial index on live holds keeps the scan to checkouts still held.
 */
export function heldUnitsOf(productId: AnyPgColumn): SQL<number> {
  // Named with its table: a select from one table writes its columns bare, and a bare "id" here is the checkout's.
  const product = sql`${sql.identifier(getTableName(productId.table))}.${sql.identifier(productId.name)}`;
  // A held set holds its components' units: each component line counts its units times the set's quantity.
  return sql<number>`(
    select coalesce(sum(units.quantity), 0)::integer
    from ${checkouts} live, jsonb_array_elements(live.lines) line,
      lateral (
        select (line ->> 'productId')::integer as product_id, (line ->> 'quantity')::integer as quantity
        where jsonb_array_length((case when jsonb_typeof(line -> 'components') = 'array' then line -> 'components' else '[]'::jsonb end)) = 0
        union all
        select (part ->> 'productId')::integer, (part ->> 'quantity')::integer * (line ->> 'quantity')::integer
        from jsonb_array_elements((case when jsonb_typeof(line -> 'components') = 'array' then line -> 'components' else '[]'::jsonb end)) part
      ) units
    where live.hold_state = 'held' and units.product_id = ${product}
  )`.mapWith(Number);
}

/** Told, in the releasing transaction, which sold-out products the released units made buyable again. */
export type BackInStock = (tx: Transaction, productIds: readonly number[]) => Promise<unknown>;

/**
 * Gives held units and promotion uses (a festival's coupon among them) back: the checkouts' lines summed per product
 * and released in product order, then the uses in promotion order, the same order every checkout takes them in, so a release and a new checkout
 * never wait on each other in a cycle. Returns the products that were sold out and are buyable again.
 */
export async function releaseHolds(tx: Transaction, held: readonly Pick<CheckoutRow, 'id' | 'lines' | 'coupon'>[]): Promise<number[]> {
  if (held.length === 0) return [];
  const backInStock = await releaseHeldStock(
    tx,
    held.flatMap((checkout) => checkout.lines),
  );
  await releasePromotionUses(
    tx,
    held.map((checkout) => checkout.id),
  );
  // Gift cards and store credit last, in account order: the order every checkout takes them in.
  await releaseTenders(
    tx,
    held.map((checkout) => checkout.id),
  );
  await tx
    .update(checkouts)
    .set({ holdState: 'released' })
    .where(
      inArray(
        checkouts.id,
        held.map((checkout) => checkout.id),
      ),
    );
  return backInStock;
}

/**
 * The expiry job's work: every checkout whose hold ran out by `now` gives its units back. Rows a payment is
 * converting right now are skipped (`skip locked`) and are converted, not released. The checkout itself stays
 * payable: a payment that arrives later becomes an order if the stock is still there (payment fulfilment).
 * Shoppers waiting for a product the released units bring back get their e-mail (`backInStock`), as on a
 * restock. Returns how many checkouts were released.
 */
export async function releaseExpiredHolds(db: Database, now: Date, backInStock?: BackInStock): Promise<number> {
  let released = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const expired = await tx
        .select({ id: checkouts.id, lines: checkouts.lines, coupon: checkouts.coupon })
        .from(checkouts)
        .where(and(eq(checkouts.holdState, 'held'), lte(checkouts.holdExpiresAt, now)))
        .orderBy(asc(checkouts.holdExpiresAt))
        .limit(EXPIRY_BATCH)
        .for('update', { skipLocked: true });
      const back = await releaseHolds(tx, expired);
      if (back.length && backInStock) await backInStock(tx, back);
      return expired.length;
    });
    released += batch;
    if (batch < EXPIRY_BATCH) return released;
  }
}
