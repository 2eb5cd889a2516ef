import { and, count, eq, inArray, ne, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import type { OrderStats, OrderTotals } from '../accounts/order-stats.ts';

/** SQL twin of countsAsSpent (domain/orders.ts): paid and not cancelled. */
export const countsAsSpentSql = and(eq(orders.paymentStatus, 'paid'), ne(orders.status, 'cancelled'))!;

/** Order counts (every order placed) and money spent (countsAsSpent only) per customer, in one query. */
export const spendingOrderStats = (db: Pick<Database, 'select'>): OrderStats => ({
  async forUsers(userIds) {
    const totals = new Map<string, OrderTotals>(userIds.map((id) => [id, { count: 0, totalSpentPaise: 0 }]));
    if (userIds.length === 0) return totals;
    const rows = await db
      .select({
        userId: orders.userId,
        count: count(),
        spent: sum(sql`case when ${countsAsSpentSql} then ${orders.totalPaise} else 0 end`),
      })
      .from(orders)
      .where(inArray(orders.userId, userIds))
      .groupBy(orders.userId);
    for (const row of rows) totals.set(row.userId, { count: row.count, totalSpentPaise: Number(row.spent ?? 0) });
    return totals;
  },
});
