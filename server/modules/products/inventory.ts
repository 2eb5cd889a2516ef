import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';

/**
 * The products module's inventory columns, as other modules may move them: each move a single conditional update
 * (a basket's products together when they are taken), so `inventory` never goes below zero whatever runs at the
 * same time. Archived products sell and hold nothing. Sales are counted apart (sales-count.ts), not on these rows. Callers that move
 * several products take them in product order (inventory/stock.ts).
 */
type Executor = Pick<Database, 'update'>;

/** A Postgres array literal of whole numbers, sent as one parameter (the statement's text stays the same for any basket). */
const integers = (values: readonly number[]) => `{${values.map((value) => Math.trunc(value)).join(',')}}`;

/**
 * Takes units of several products at once: a basket's potions (a set's six components and the potion beside it)
 * in two statements whatever their number, instead of one each, so the rows are held from here to the commit for
 * two round trips and no more. Several products are locked first, in product order (`order by … for no key update`,
 * the lock an update takes), as every writer of several products takes them, so two baskets never wait on each
 * other in a cycle; the update that follows starts with them locked and reads their latest units. (Locking and
 * updating in one statement is not safe: its update would start from the versions it saw before the lock, and
 * following them to the latest waits on the shoppers queued behind it, a deadlock.) Each product is lowered only if
 * it still has the units and is not archived. `lines` has one entry per product. Returns what is left of each
 * product that had its units; a product missing from the answer did not (the caller rolls back).
 * `stampedAt` also sets `updated_at` (a sale straight from the shelf does; a checkout's hold does not).
 */
export async function takeUnitsOfMany(tx: Pick<Database, 'execute'>, lines: readonly { productId: number; quantity: number }[], stampedAt: Date | null): Promise<Map<number, { name: string; inventory: number }>> {
  if (lines.length === 0) return new Map();
  const ids = integers(lines.map((line) => line.productId));
  const quantities = integers(lines.map((line) => line.quantity));
  if (lines.length > 1) await tx.execute(sql`select ${products.id} from ${products} where ${products.id} = any(${ids}::integer[]) order by ${products.id} for no key update`);
  const stamp = stampedAt ? sql`, updated_at = ${stampedAt.toISOString()}::timestamptz` : sql``;
  const { rows } = (await tx.execute(sql`update ${products} set inventory = ${products.inventory} - wanted.quantity${stamp}
    from unnest(${ids}::integer[], ${quantities}::integer[]) as wanted (id, quantity)
    where ${products.id} = wanted.id and ${products.inventory} >= wanted.quantity and ${products.archivedAt} is null
    returning ${products.id} as id, ${products.name} as name, ${products.inventory} as inventory`)) as unknown as { rows: { id: number; name: string; inventory: number }[] };
  return new Map(rows.map((row) => [Number(row.id), { name: row.name, inventory: Number(row.inventory) }]));
}

/** Units of a sale that came back (a cancelled order, a received return) return to the shelf. */
export async function returnUnits(tx: Executor, productId: number, quantity: number): Promise<void> {
  await tx
    .update(products)
    .set({ inventory: sql`${products.inventory} + ${quantity}`, updatedAt: new Date() })
    .where(eq(products.id, productId));
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
