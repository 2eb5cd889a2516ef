import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import { linesPerProduct } from '../../../domain/stock.ts';
import type { Database } from '../../db/client.ts';
import { festivals, products } from '../../db/schema/index.ts';

type Executor = Pick<Database, 'update'>;

interface StockLine {
  productId: number;
  quantity: number;
  name: string;
}

/** Raised inside a savepoint when a unit or a coupon use is no longer there; the savepoint rolls back. */
export class Shortfall extends Error {
  constructor(
    readonly reason: 'stock' | 'coupon',
    message: string,
  ) {
    super(message);
  }
}

/**
 * One line per product (its sizes share one inventory), in product order, so two baskets that share products
 * lock their rows in the same order and never deadlock.
 */
function inProductOrder<T extends StockLine>(lines: readonly T[]): T[] {
  return linesPerProduct(lines).sort((a, b) => a.productId - b.productId);
}

/**
 * Takes the units with conditional updates: a row changes only while it still has enough, so inventory never
 * goes below zero whatever runs at the same time. Archived products sell nothing.
 */
export async function takeStock(tx: Executor, lines: readonly StockLine[]): Promise<{ name: string; before: number; after: number }[]> {
  const changes: { name: string; before: number; after: number }[] = [];
  for (const line of inProductOrder(lines)) {
    const taken = await tx
      .update(products)
      .set({ inventory: sql`${products.inventory} - ${line.quantity}`, sales: sql`${products.sales} + ${line.quantity}`, updatedAt: new Date() })
      .where(and(eq(products.id, line.productId), gte(products.inventory, line.quantity), isNull(products.archivedAt)))
      .returning({ name: products.name, inventory: products.inventory });
    if (taken.length === 0) throw new Shortfall('stock', `${line.name} sold out`);
    changes.push({ name: taken[0]!.name, before: taken[0]!.inventory + line.quantity, after: taken[0]!.inventory });
  }
  return changes;
}

export async function returnStock(tx: Executor, lines: readonly StockLine[]): Promise<void> {
  for (const line of inProductOrder(lines)) {
    await tx
      .update(products)
      .set({
        inventory: sql`${products.inventory} + ${line.quantity}`,
        sales: sql`greatest(${products.sales} - ${line.quantity}, 0)`,
        updatedAt: new Date(),
      })
      .where(eq(products.id, line.productId));
  }
}

/** Counts one use of a festival coupon, only while it is under its limit. */
export async function useFestivalCoupon(tx: Executor, festivalId: number, code: string): Promise<void> {
  const used = await tx
    .update(festivals)
    .set({ usedCount: sql`${festivals.usedCount} + 1` })
    .where(and(eq(festivals.id, festivalId), sql`(${festivals.usageLimit} is null or ${festivals.usedCount} < ${festivals.usageLimit})`))
    .returning({ id: festivals.id });
  if (used.length === 0) throw new Shortfall('coupon', `Coupon ${code} reached its usage limit`);
}

/** A product whose units a checkout could not set aside, with what is left of it. */
export class HoldShortfall extends Error {
  constructor(
    readonly productId: number,
    readonly available: number,
  ) {
    super(`Only ${available} of product ${productId} left`);
  }
}

/**
 * Sets a basket's units aside while its customer pays: each product's units (all sizes together) leave the
 * inventory for `held` in one conditional update, so what the shop shows and sells is what is not held, and
 * concurrent checkouts can never set aside more than there is.
 */
export async function holdStock(tx: Executor & Pick<Database, 'select'>, lines: readonly StockLine[]): Promise<{ name: string; before: number; after: number }[]> {
  const changes: { name: string; before: number; after: number }[] = [];
  for (const line of inProductOrder(lines)) {
    const held = await tx
      .update(products)
      .set({ inventory: sql`${products.inventory} - ${line.quantity}`, held: sql`${products.held} + ${line.quantity}` })
      .where(and(eq(products.id, line.productId), gte(products.inventory, line.quantity), isNull(products.archivedAt)))
      .returning({ name: products.name, inventory: products.inventory });
    if (held.length === 0) {
      const [row] = await tx.select({ inventory: products.inventory, archivedAt: products.archivedAt }).from(products).where(eq(products.id, line.productId));
      throw new HoldShortfall(line.productId, row && !row.archivedAt ? row.inventory : 0);
    }
    changes.push({ name: held[0]!.name, before: held[0]!.inventory + line.quantity, after: held[0]!.inventory });
  }
  return changes;
}

/** The paid checkout's held units become the order's: they were already out of the inventory. */
export async function convertHeldStock(tx: Executor, lines: readonly StockLine[]): Promise<void> {
  for (const line of inProductOrder(lines)) {
    await tx
      .update(products)
      .set({ held: sql`greatest(${products.held} - ${line.quantity}, 0)`, sales: sql`${products.sales} + ${line.quantity}`, updatedAt: new Date() })
      .where(eq(products.id, line.productId));
  }
}

/** A checkout that will not be paid (failed, or its hold expired) gives its units back to the inventory. */
export async function releaseHeldStock(tx: Executor, lines: readonly StockLine[]): Promise<void> {
  for (const line of inProductOrder(lines)) {
    await tx
      .update(products)
      .set({ inventory: sql`${products.inventory} + ${line.quantity}`, held: sql`greatest(${products.held} - ${line.quantity}, 0)` })
      .where(eq(products.id, line.productId));
  }
}

/** Gives back a festival coupon use a checkout held and never spent. */
export async function releaseFestivalCoupon(tx: Executor, festivalId: number): Promise<void> {
  await tx
    .update(festivals)
    .set({ usedCount: sql`greatest(${festivals.usedCount} - 1, 0)` })
    .where(eq(festivals.id, festivalId));
}
