import { eq, inArray, sql } from 'drizzle-orm';
import { setComponentsProblem, type ComponentCandidate } from '../../../domain/sets.ts';
import { fieldRefusal } from '../../../domain/refusal.ts';
import type { ProductInput } from '../../../contracts/admin-products.ts';
import type { Database } from '../../db/client.ts';
import { products, setComponents } from '../../db/schema/index.ts';
import { DEFAULT_SIZE } from '../../../domain/catalogue.ts';

type Executor = Pick<Database, 'select' | 'insert' | 'delete'>;
type Components = NonNullable<ProductInput['components']>;

/** The potions a form's set names, as the rules in domain/sets.ts weigh them. */
async function candidates(tx: Executor, components: Components): Promise<Map<number, ComponentCandidate>> {
  const ids = [...new Set(components.map((component) => component.productId))];
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      productId: products.id,
      archived: sql<boolean>`${products.archivedAt} is not null`.mapWith(Boolean),
      isSet: sql<boolean>`exists (select 1 from set_components sc where sc.set_id = ${products.id})`.mapWith(Boolean),
      sizes: sql<string[]>`coalesce((select array_agg(s.size) from product_sizes s where s.product_id = ${products.id}), '{}'::text[])`,
    })
    .from(products)
    .where(inArray(products.id, ids));
  // A potion stored without sizes sells in the catalogue's default size (domain/catalogue.ts resolveSizes).
  return new Map(rows.map((row) => [row.productId, { ...row, sizes: row.sizes.length ? row.sizes : [DEFAULT_SIZE] }]));
}

/**
 * Checks a set's components before anything is written, so a refused set leaves the catalogue as it was: each
 * problem is a 400 naming the component's field (`components.1.productId`).
 */
export async function checkSetComponents(tx: Executor, setId: number | null, components: Components): Promise<void> {
  if (components.length === 0) return;
  const found = await candidates(tx, components);
  const problem = setComponentsProblem(setId, components, (productId) => found.get(productId));
  if (problem) throw fieldRefusal('invalid', problem.field, problem.message);
  if (setId !== null) {
    // A potion already inside another set cannot become a set: that set would then hold a set.
    const [holder] = await tx.select({ setId: setComponents.setId }).from(setComponents).where(eq(setComponents.componentId, setId)).limit(1);
    if (holder) throw fieldRefusal('invalid', 'components', 'This potion is inside another set, so it cannot become a set itself');
  }
}

/** Writes the set's components as the form lists them (an empty list: a single potion again). */
export async function replaceSetComponents(tx: Executor, setId: number, components: Components): Promise<void> {
  await tx.delete(setComponents).where(eq(setComponents.setId, setId));
  if (components.length === 0) return;
  await tx.insert(setComponents).values(components.map((component, position) => ({ setId, componentId: component.productId, size: component.size, quantity: component.quantity, position })));
}

/** Whether the product is a set, whose stock is its components' and so cannot be counted by hand. */
export async function isSet(tx: Pick<Database, 'select'>, productId: number): Promise<boolean> {
  const [row] = await tx.select({ setId: setComponents.setId }).from(setComponents).where(eq(setComponents.setId, productId)).limit(1);
  return row !== undefined;
}


/** Whether some set holds the potion. */
export async function isComponent(tx: Pick<Database, 'select'>, productId: number): Promise<boolean> {
  const [row] = await tx.select({ setId: setComponents.setId }).from(setComponents).where(eq(setComponents.componentId, productId)).limit(1);
  return row !== undefined;
}
