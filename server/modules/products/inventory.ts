import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';

/**
 * The products module's inventory columns, as other modules may move them: one product's units per call, each a
 * single conditional update, so `inventory` never goes below zero whatever runs at the same time. Archived
 * products sell and hold nothing. Sales are counted apart (sales-count.ts), not on these rows. Callers that move
 * several products take them in product order (inventory/stock.ts).
 */
type Executor = Pick<Database, 'update'>;

/** What is left after units were taken or held, or null when there were not enough (or the product is archived). */
export type Moved = { name: string; inventory: number } | null;

/** Sells units straight from the inventory (an order that held none, or is reopened). */
export async function takeUnits(tx: Executor, productId: number, quantity: number): Promise<Moved> {
  const [row] = await tx
    .update(products)
    .set({ inventory: sql`${products.inventory} - ${quantity}`, updatedAt: new Date() })
    .where(and(eq(products.id, productId), gte(products.inventory, quantity), isNull(products.archivedAt)))
    .returning({ name: products.name, inventory: products.inventory });
  return row ?? null;
}

/** Units of a sale that came back (a cancelled order, a received return) return to the shelf. */
export async function returnUnits(tx: Executor, productId: number, quantity: number): Promise<void> {
  await tx
    .update(products)
    .set({ inventory: sql`${products.inventory} + ${quantity}`, updatedAt: new Date() })
    .where(eq(products.id, productId));
}

/** Sets units aside for a checkout: out of the inventory, held by the checkout's lines. */
export async function holdUnits(tx: Executor, productId: number, quantity: number): Promise<Moved> {
  const [row] = await tx
    .update(products)
    .set({ inventory: sql`${products.inventory} - ${quantity}` })
    .where(and(eq(products.id, productId), gte(products.inventory, quantity), isNull(products.archivedAt)))
    .returning({ name: products.name, inventory: products.inventory });
  return row ?? null;
}

/** How many units a shopper could still have (0 for an archived or unknown product). */
export async function unitsAvailable(tx: Pick<Database, 'select'>, productId: number): Promise<number> {
  const [row] = await tx.select({ inventory: products.inventory, archivedAt: products.archivedAt }).from(products).where(eq(products.id, productId));
  return row && !row.archivedAt ? row.inventory : 0;
}

/**
 * Held units nobody paid for go back to the inventory. Returns the inventory before and after, so a caller can
 * tell when a sold-out product came back.
 */
export async function releaseHeldUnits(tx: Executor, productId: number, quantity: number): Promise<{ before: number; after: number } | null> {
  const [row] = await tx
    .update(products)
    .set({ inventory: sql`${products.inventory} + ${quantity}` })
    .where(eq(products.id, productId))
    .returning({ inventory: products.inventory });
  return row ? { before: row.inventory - quantity, after: row.inventory } : null;
}
