import { and, eq, gte, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PeriodFigure } from '../../../contracts/admin-dashboard.ts';
import { paiseToRupees } from '../../../domain/money.ts';
import { averageOrderPaise, percentChange, type PeriodWindow } from '../../../domain/reporting-periods.ts';
import type { Database } from '../../db/client.ts';
import { orders, users } from '../../db/schema/index.ts';

/** The SQL twin of countsAsSpent (domain/orders.ts): paid and not cancelled. */
export const countsAsSpentSql: SQL = sql`(${orders.paymentStatus} = 'paid' and ${orders.status} <> 'cancelled')`;

/** A timestamp parameter both drivers read the same way. */
export const at = (instant: Date): SQL => sql`${instant.toISOString()}::timestamptz`;

/** True for rows whose `column` lies in [from, to). */
export const within = (column: AnyColumn | SQL, from: Date, to: Date): SQL => sql`(${column} >= ${at(from)} and ${column} < ${at(to)})`;

export function figure(value: number, previous: number): PeriodFigure {
  return { value, previous, change: percentChange(value, previous) };
}

export interface SalesTotals {
  revenuePaise: number;
  orders: number;
  previousRevenuePaise: number;
  previousOrders: number;
}

/** Revenue and orders of a period and of the period before, in one pass over the orders index by date. */
export async function salesTotals(db: Database, window: PeriodWindow): Promise<SalesTotals> {
  const current = within(orders.createdAt, window.start, window.end);
  const previous = within(orders.createdAt, window.previousStart, window.previousEnd);
  const [row] = await db
    .select({
      revenuePaise: sql<number>`coalesce(sum(${orders.totalPaise}) filter (where ${current}), 0)`.mapWith(Number),
      orders: sql<number>`count(*) filter (where ${current})`.mapWith(Number),
      previousRevenuePaise: sql<number>`coalesce(sum(${orders.totalPaise}) filter (where ${previous}), 0)`.mapWith(Number),
      previousOrders: sql<number>`count(*) filter (where ${previous})`.mapWith(Number),
    })
    .from(orders)
    .where(and(gte(orders.createdAt, window.previousStart), lt(orders.createdAt, window.end), countsAsSpentSql));
  return row ?? { revenuePaise: 0, orders: 0, previousRevenuePaise: 0, previousOrders: 0 };
}

/** Revenue, orders and average order value as figures with their change, amounts in rupees. */
export function salesFigures(totals: SalesTotals): { revenue: PeriodFigure; orders: PeriodFigure; averageOrderValue: PeriodFigure } {
  return {
    revenue: figure(paiseToRupees(totals.revenuePaise), paiseToRupees(totals.previousRevenuePaise)),
    orders: figure(totals.orders, totals.previousOrders),
    averageOrderValue: figure(
      paiseToRupees(averageOrderPaise(totals.revenuePaise, totals.orders)),
      paiseToRupees(averageOrderPaise(totals.previousRevenuePaise, totals.previousOrders)),
    ),
  };
}

/** Customer accounts created in the period and in the period before (admins are not customers). */
export async function newCustomers(db: Database, window: PeriodWindow): Promise<PeriodFigure> {
  const [row] = await db
    .select({
      current: sql<number>`count(*) filter (where ${within(users.createdAt, window.start, window.end)})`.mapWith(Number),
      previous: sql<number>`count(*) filter (where ${within(users.createdAt, window.previousStart, window.previousEnd)})`.mapWith(Number),
    })
    .from(users)
    .where(and(eq(users.role, 'customer'), gte(users.createdAt, window.previousStart), lt(users.createdAt, window.end)));
  return figure(row?.current ?? 0, row?.previous ?? 0);
}
