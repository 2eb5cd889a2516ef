import { eq, getTableColumns } from 'drizzle-orm';
import type { Database } from '../../server/db/client.ts';
import { products } from '../../server/db/schema/index.ts';
import { heldUnitsOf } from '../../server/modules/inventory/checkout-holds.ts';

/** A product's row, by slug or id, with the units live checkouts hold of it (`held`). */
export async function productStock(db: Database, product: string | number) {
  const [row] = await db
    .select({ ...getTableColumns(products), held: heldUnitsOf(products.id) })
    .from(products)
    .where(typeof product === 'number' ? eq(products.id, product) : eq(products.slug, product));
  if (!row) throw new Error(`No product ${product}`);
  return row;
}
