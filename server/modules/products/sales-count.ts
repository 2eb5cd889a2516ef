import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { productSaleChanges, products } from '../../db/schema/index.ts';

/** The pg-boss queue whose schedule adds the recorded sale changes into `products.sales`. */
export const SALES_COUNT_QUEUE = 'product-sales-count';
/** Every minute: a product's sales figure is at most about a minute behind its orders. */
export const SALES_COUNT_CRON = '* * * * *';

type Executor = Pick<Database, 'insert'>;

/**
 * Records units sold (`sign` 1) or given back (-1), in the caller's transaction: one appended row per product,
 * which no other order waits on. `products.sales` counts them once the fold job has run.
 */
export async function recordSales(tx: Executor, lines: readonly { productId: number; quantity: number }[], sign: 1 | -1): Promise<void> {
  if (lines.length === 0) return;
  await tx.insert(productSaleChanges).values(lines.map((line) => ({ productId: line.productId, units: sign * line.quantity })));
}

/**
 * Adds every recorded change into its product's `sales` and deletes it, in one transaction, the products' rows
 * taken in product order as every order takes them. Rows recorded by transactions still open are not seen and
 * wait for the next run. Returns how many products changed.
 */
export async function foldRecordedSales(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const changes = await tx.delete(productSaleChanges).returning({ productId: productSaleChanges.productId, units: productSaleChanges.units });
    const byProduct = new Map<number, number>();
    for (const change of changes) byProduct.set(change.productId, (byProduct.get(change.productId) ?? 0) + change.units);
    const moved = [...byProduct].filter(([, units]) => units !== 0).sort(([a], [b]) => a - b);
    // Never below zero: a product whose count was set by hand (the demo catalogue) may give back more than it shows.
    for (const [productId, units] of moved) await tx.update(products).set({ sales: sql`greatest(${products.sales} + ${units}, 0)` }).where(eq(products.id, productId));
    return moved.length;
  });
}
