import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SetComponent } from '../../../domain/sets.ts';
import type { Database } from '../../db/client.ts';
import { products, setComponents } from '../../db/schema/index.ts';

/**
 * Sets as the catalogue and the basket read them (domain/sets.ts). A set's own `inventory` column is unused:
 * the sets its components make are worked out here, in the same query as the rest of the product, so the
 * storefront never shows a set in stock that its vials cannot fill.
 */

/**
 * The units of the product in the outer query's row (`"products"."id"`) that a shopper can have: for a set, the
 * least over its component potions of their units left divided by the units one set takes (0 when one is
 * archived); for a potion, its inventory.
 */
export const unitsLeftSql = sql<number>`coalesce((
  select min(case when c.archived_at is null then c.inventory / per.units else 0 end)::integer
  from (select sc.component_id, sum(sc.quantity) as units from set_components sc where sc.set_id = "products"."id" group by sc.component_id) per
  join products c on c.id = per.component_id
), "products"."inventory")`.mapWith(Number);

/** Whether the outer row is a set. */
export const isSetSql = sql<boolean>`exists (select 1 from set_components sc where sc.set_id = "products"."id")`.mapWith(Boolean);

/** What a set's card and page show of each component: the potion, its size, how many, its price bought alone. */
export interface SetContentRow {
  productId: number;
  slug: string;
  name: string;
  size: string;
  quantity: number;
  unitPricePaise: number;
}

export const setContentsSql = sql<SetContentRow[]>`coalesce((
  select json_agg(json_build_object(
    'productId', c.id, 'slug', c.slug, 'name', c.name, 'size', sc.size, 'quantity', sc.quantity,
    'unitPricePaise', coalesce(nullif(s.price_paise, 0), c.price_paise)
  ) order by sc.position, c.id)
  from set_components sc join products c on c.id = sc.component_id
  left join product_sizes s on s.product_id = c.id and s.size = sc.size
  where sc.set_id = "products"."id"
), '[]'::json)`;

/** The live sets holding the outer row's potion, for its page's "Also in". */
export const alsoInSql = sql<{ slug: string; name: string }[]>`coalesce((
  select json_agg(json_build_object('slug', parent.slug, 'name', parent.name) order by parent.name)
  from products parent
  where parent.archived_at is null and parent.id in (select sc.set_id from set_components sc where sc.component_id = "products"."id")
), '[]'::json)`;

/** A filter on the outer rows: only sets, or only single potions. */
export function kindCondition(kind: 'set' | 'potion'): SQL {
  return kind === 'set' ? sql`${isSetSql}` : sql`not ${isSetSql}`;
}

/** The basket's sets: each one's components as they are now, and every component potion's units left. */
export interface BasketSets {
  componentsOf: Map<number, SetComponent[]>;
  /** Units left of each component potion; null when it is archived and so cannot be sold. */
  componentUnits: Map<number, number | null>;
}

/** A set's component as `setPartsSql` reads it: the potion, its size, units per set, and its shelf now. */
export interface SetPartRow {
  setId: number;
  productId: number;
  size: string;
  quantity: number;
  name: string;
  inventory: number;
  archived: boolean;
}

/**
 * The components of the set in the outer row (`"products"."id"`), in the set's order, with their shelves: read
 * with the basket's products, in the same statement, so pricing a basket costs one query whether it holds a set
 * or not. An empty list for a potion.
 */
export const setPartsSql = sql<SetPartRow[]>`coalesce((
  select json_agg(json_build_object(
    'setId', sc.set_id, 'productId', sc.component_id, 'size', sc.size, 'quantity', sc.quantity,
    'name', c.name, 'inventory', c.inventory, 'archived', c.archived_at is not null
  ) order by sc.position, sc.component_id)
  from set_components sc join products c on c.id = sc.component_id
  where sc.set_id = "products"."id"
), '[]'::json)`;

/** The basket's sets from their components' rows, in each set's order. */
export function basketSetsOf(parts: readonly SetPartRow[]): BasketSets {
  const componentsOf = new Map<number, SetComponent[]>();
  const componentUnits = new Map<number, number | null>();
  for (const row of parts) {
    const list = componentsOf.get(row.setId) ?? [];
    list.push({ productId: row.productId, size: row.size, quantity: row.quantity, name: row.name });
    componentsOf.set(row.setId, list);
    componentUnits.set(row.productId, row.archived ? null : row.inventory);
  }
  return { componentsOf, componentUnits };
}

/** One query for the sets among a basket's products (none is cheap: an index lookup on the set ids). */
export async function basketSets(db: Pick<Database, 'select'>, productIds: readonly number[]): Promise<BasketSets> {
  if (productIds.length === 0) return basketSetsOf([]);
  const rows = await db
    .select({
      setId: setComponents.setId,
      productId: setComponents.componentId,
      size: setComponents.size,
      quantity: setComponents.quantity,
      name: products.name,
      inventory: products.inventory,
      archived: sql<boolean>`${products.archivedAt} is not null`.mapWith(Boolean),
    })
    .from(setComponents)
    .innerJoin(products, eq(products.id, setComponents.componentId))
    .where(inArray(setComponents.setId, [...productIds]))
    .orderBy(asc(setComponents.setId), asc(setComponents.position), asc(setComponents.componentId));
  return basketSetsOf(rows);
}
