import { and, asc, eq, min, ne } from 'drizzle-orm';
import type { AchievementFacts } from '../../../domain/achievements.ts';
import type { Database } from '../../db/client.ts';
import { orderItems, orders, productViews, reviews, users } from '../../db/schema/index.ts';
import { countsAsSpentSql } from '../orders/order-totals.ts';

/** Everything the achievement rules need about one customer, read straight from the shop's tables. */
export async function loadAchievementFacts(db: Pick<Database, 'select'>, userId: string): Promise<AchievementFacts | null> {
  const [user] = await db.select({ joinedAt: users.createdAt }).from(users).where(eq(users.id, userId));
  if (!user) return null;
  const [spentOrders, categories, views, written] = await Promise.all([
    db
      .select({ placedAt: orders.createdAt, totalPaise: orders.totalPaise, festivalId: orders.festivalId })
      .from(orders)
      .where(and(eq(orders.userId, userId), countsAsSpentSql))
      .orderBy(asc(orders.createdAt)),
    db
      .select({ categoryId: orderItems.categoryId, firstAt: min(orders.createdAt) })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orders.userId, userId), countsAsSpentSql))
      .groupBy(orderItems.categoryId),
    db.select({ at: productViews.firstViewedAt }).from(productViews).where(eq(productViews.userId, userId)),
    // A review the shop rejected earns nothing; approved and awaiting moderation both count.
    db
      .select({ at: reviews.createdAt })
      .from(reviews)
      .where(and(eq(reviews.userId, userId), ne(reviews.status, 'rejected'))),
  ]);
  return {
    joinedAt: user.joinedAt,
    orders: spentOrders,
    categoryFirstPurchases: categories.flatMap((row) => (row.firstAt ? [new Date(row.firstAt)] : [])),
    productFirstViews: views.map((row) => row.at),
    reviewDates: written.map((row) => row.at),
  };
}
