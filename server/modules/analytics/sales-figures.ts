import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { PeriodFigure } from '../../../contracts/admin-dashboard.ts';
import { paiseToRupees } from '../../../domain/money.ts';
import { averageOrderPaise, percentChange, type PeriodWindow } from '../../../domain/reporting-periods.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { salesSpan, spentTotals } from './sales-rollup.ts';
import { within } from './time-filters.ts';

export function figure(value: number, previous: number): PeriodFigure {
  return { value, previous, change: percentChange(value, previous) };
}

export interface SalesTotals {
  revenuePaise: number;
  orders: number;
  previousRevenuePaise: number;
  previousOrders: number;
}

/**
 * Revenue and orders of a period and of the period before, from the daily sales rollup plus the orders of each
 * period's unfinished last day, so a year costs the same handful of reads as a week.
 */
export async function salesTotals(db: Database, window: PeriodWindow): Promise<SalesTotals> {
  const { current, previous } = await spentTotals(db, {
    current: salesSpan(window.start, window.end),
    previous: salesSpan(window.previousStart, window.previousEnd),
  });
  return { revenuePaise: current.revenuePaise, orders: current.orders, previousRevenuePaise: previous.revenuePaise, previousOrders: previous.orders };
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
