import { and, eq, sql, type AnyColumn } from 'drizzle-orm';
import { notFoundRefusal } from '../../../domain/refusal.ts';
import { summarizeReviews, type ReviewSummary } from '../../../domain/reviews.ts';
import type { Database } from '../../db/client.ts';
import { orderItems, orders, products, reviews } from '../../db/schema/index.ts';

export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

const sumOf = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)::int`.mapWith(Number);
const countOf = (column: AnyColumn) => sql<number>`count(${column})::int`.mapWith(Number);

/** The summary of a product's approved reviews, straight from the table. */
export async function approvedSummary(db: Executor, productId: number): Promise<ReviewSummary> {
  const approved = and(eq(reviews.productId, productId), eq(reviews.status, 'approved'));
  const [byRating, [categories]] = await Promise.all([
    db
      .select({ rating: reviews.rating, count: sql<number>`count(*)::int`.mapWith(Number) })
      .from(reviews)
      .where(approved)
      .groupBy(reviews.rating),
    db
      .select({
        potencySum: sumOf(reviews.potency),
        potencyCount: countOf(reviews.potency),
        longevitySum: sumOf(reviews.longevity),
        longevityCount: countOf(reviews.longevity),
        auraSum: sumOf(reviews.aura),
        auraCount: countOf(reviews.aura),
        effectivenessSum: sumOf(reviews.effectiveness),
        effectivenessCount: countOf(reviews.effectiveness),
      })
      .from(reviews)
      .where(approved),
  ]);
  return summarizeReviews({
    byRating,
    categories: {
      potency: { sum: categories?.potencySum ?? 0, count: categories?.potencyCount ?? 0 },
      longevity: { sum: categories?.longevitySum ?? 0, count: categories?.longevityCount ?? 0 },
      aura: { sum: categories?.auraSum ?? 0, count: categories?.auraCount ?? 0 },
      effectiveness: { sum: categories?.effectivenessSum ?? 0, count: categories?.effectivenessCount ?? 0 },
    },
  });
}

/**
 * Takes the product's row lock. Every write that changes a product's reviews takes it first, so two such
 * writes on one product run one after the other and each recounts with the other's change in view.
 */
export async function lockProduct(db: Executor, productId: number): Promise<{ id: number; name: string; slug: string }> {
  const [product] = await db
    .select({ id: products.id, name: products.name, slug: products.slug })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  if (!product) throw notFoundRefusal('Product not found');
  return product;
}

/** Sets the product's rating and review count to its approved reviews' figures; call inside the write's transaction, after lockProduct. */
export async function refreshProductFigures(db: Executor, productId: number): Promise<ReviewSummary> {
  const summary = await approvedSummary(db, productId);
  await db.update(products).set({ rating: summary.averageRating, reviewCount: summary.totalReviews }).where(eq(products.id, productId));
  return summary;
}

/**
 * Whether the customer bought the product: a paid order that was not cancelled contains it (the same rule as
 * countsAsSpent in domain/orders.ts, in SQL).
 */
export async function hasBought(db: Executor, userId: string, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orderItems.productId, productId), eq(orders.paymentStatus, 'paid'), sql`${orders.status} <> 'cancelled'`))
    .limit(1);
  return row !== undefined;
}
