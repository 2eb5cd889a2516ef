import { eq, sql } from 'drizzle-orm';
import type { AchievementFacts } from '../../../domain/achievements.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { countsAsSpentIn, spentPaiseIn } from '../orders/order-totals.ts';

/** countsAsSpent for the orders aliased `o` below. */
const spent = countsAsSpentIn({ paymentStatus: sql.raw('o.payment_status'), status: sql.raw('o.status') });
/** spentPaise for the same orders: what a partly returned order still counts for. */
const spentAmount = spentPaiseIn({ totalPaise: sql.raw('o.total_paise'), refundedPaise: sql.raw('o.refunded_paise') });

/** Timestamps inside json arrive as ISO 8601 text with their offset. */
const at = (value: string) => new Date(value);

/**
 * Everything the achievement rules need about one customer, read straight from the shop's tables in one
 * statement: the orders that count as spent, the first purchase in each category, the first view of each
 * potion, and the reviews not rejected.
 */
export async function loadAchievementFacts(db: Pick<Database, 'select'>, userId: string): Promise<AchievementFacts | null> {
  return (await readFacts(db, userId, false))?.facts ?? null;
}

/**
 * The facts, with what is already recorded for the customer (achievements unlocked and when, levels reached),
 * in the same one statement: it runs in every order's transaction.
 */
export async function loadAchievementRecord(
  db: Pick<Database, 'select'>,
  userId: string,
  countingOrderId?: string,
): Promise<{ facts: AchievementFacts; unlocked: Map<string, Date>; levels: Set<string> } | null> {
  const read = await readFacts(db, userId, true, countingOrderId);
  return read && { facts: read.facts, unlocked: new Map(read.unlocked.map(([id, unlockedAt]) => [id, at(unlockedAt)])), levels: new Set(read.levels) };
}

/** `countingOrderId`: an order written in this transaction that counts as spent once it commits, though not yet marked. */
async function readFacts(db: Pick<Database, 'select'>, userId: string, withRecord: boolean, countingOrderId?: string) {
  const counted = countingOrderId ? sql`(${spent} or o.id = ${countingOrderId})` : spent;
  // Written with qualified names: in a one-table select drizzle leaves columns unqualified, which the
  // correlated subqueries would read as their own tables' columns.
  const [row] = await db
    .select({
      joinedAt: users.createdAt,
      orders: sql<[string, number, number | null][]>`(
        select coalesce(json_agg(json_build_array(o.created_at, ${spentAmount}, o.festival_id) order by o.created_at), '[]'::json)
        from orders o where o.user_id = users.id and ${counted})`,
      categoryFirstPurchases: sql<string[]>`(
        select coalesce(json_agg(firsts.first_at), '[]'::json) from (
          select min(o.created_at) as first_at from order_items i inner join orders o on o.id = i.order_id
          where o.user_id = users.id and ${counted} group by i.category_id) as firsts)`,
      productFirstViews: sql<string[]>`(select coalesce(json_agg(v.first_viewed_at), '[]'::json) from product_views v where v.user_id = users.id)`,
      // A review the shop rejected earns nothing; approved and awaiting moderation both count.
      reviewDates: sql<string[]>`(select coalesce(json_agg(r.created_at), '[]'::json) from reviews r where r.user_id = users.id and r.status <> 'rejected')`,
      unlocked: withRecord
        ? sql<[string, string][]>`(select coalesce(json_agg(json_build_array(a.achievement_id, a.unlocked_at)), '[]'::json) from user_achievements a where a.user_id = users.id)`
        : sql<[string, string][]>`'[]'::json`,
      levels: withRecord ? sql<string[]>`(select coalesce(json_agg(l.level), '[]'::json) from user_levels l where l.user_id = users.id)` : sql<string[]>`'[]'::json`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  const facts: AchievementFacts = {
    joinedAt: row.joinedAt,
    orders: row.orders.map(([placedAt, totalPaise, festivalId]) => ({ placedAt: at(placedAt), totalPaise: Number(totalPaise), festivalId })),
    categoryFirstPurchases: row.categoryFirstPurchases.filter((first) => first !== null).map(at),
    productFirstViews: row.productFirstViews.map(at),
    reviewDates: row.reviewDates.map(at),
  };
  return { facts, unlocked: row.unlocked, levels: row.levels };
}
