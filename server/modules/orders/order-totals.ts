import { and, count, desc, eq, inArray, sql, sum, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import type { OrderStats } from '../accounts/order-stats.ts';

/**
 * SQL twin of countsAsSpent (domain/orders.ts): paid and not cancelled. Written with literals, not parameters,
 * so the planner can match the reporting indexes whose predicate is the same condition.
 */
export const countsAsSpentIn = (table: { paymentStatus: AnyColumn | SQL; status: AnyColumn | SQL }): SQL => sql`(${table.paymentStatus} = 'paid' and ${table.status} <> 'cancelled')`;
export const countsAsSpentSql: SQL = countsAsSpentIn(orders);

/** SQL twin of spentPaise (domain/orders.ts): the total less what was refunded. */
export const spentPaiseIn = (table: { totalPaise: AnyColumn | SQL; refundedPaise: AnyColumn | SQL }): SQL<number> => sql<number>`(${table.totalPaise} - ${table.refundedPaise})`;

/** Orders and money spent per customer: the orders `countsAsSpent` counts (paid, not cancelled), each for what `spentPaise` says. */
export function orderStatsOf(db: Database): OrderStats {
  return {
    async forUsers(userIds) {
      const totals = new Map(userIds.map((id) => [id, { count: 0, totalSpentPaise: 0 }]));
      if (userIds.length === 0) return totals;
      const rows = await db
        .select({ userId: orders.userId, count: count(), spent: sum(spentPaiseIn(orders)) })
        .from(orders)
        .where(and(inArray(orders.userId, userIds), countsAsSpentSql))
        .groupBy(orders.userId);
      for (const row of rows) totals.set(row.userId, { count: row.count, totalSpentPaise: Number(row.spent ?? 0) });
      return totals;
    },
    recent(userId, limit) {
      return db
        .select({ orderNumber: orders.orderNumber, createdAt: orders.createdAt, totalPaise: orders.totalPaise, status: orders.status })
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt))
        .limit(limit);
    },
  };
}
