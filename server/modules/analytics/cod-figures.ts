import { and, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { CashOnDeliveryFigures } from '../../../contracts/admin-dashboard.ts';
import { COD_PAYMENT_METHOD, codShare, rtoRate } from '../../../domain/cod-progress.ts';
import type { PeriodWindow } from '../../../domain/reporting-periods.ts';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { figure } from './sales-figures.ts';
import { within } from './time-filters.ts';

const counted = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/**
 * COD share and RTO rate of the orders placed in a period and in the period before. Two aggregates, each answered
 * from an index alone: the orders placed, from orders_created_idx; the COD orders and how their cash story ended,
 * from orders_cod_created_idx (COD orders only, with their collected and returned dates). Revenue needs nothing
 * here: a COD order counts as spent, in the rollup and everywhere else, only once it is paid, which is when its
 * cash is collected.
 */
export async function cashOnDeliveryFigures(db: Database, window: PeriodWindow): Promise<CashOnDeliveryFigures> {
  const periods = { current: within(orders.createdAt, window.start, window.end), previous: within(orders.createdAt, window.previousStart, window.previousEnd) };
  const bothPeriods = and(gte(orders.createdAt, window.previousStart), lt(orders.createdAt, window.end));
  const collected = isNotNull(orders.codCollectedAt);
  const returned = isNotNull(orders.codReturnedAt);
  const [[placed], [cod]] = await Promise.all([
    db
      .select({ current: counted(periods.current), previous: counted(periods.previous) })
      .from(orders)
      .where(bothPeriods),
    db
      .select({
        current: counted(periods.current),
        collected: counted(and(periods.current, collected)!),
        returned: counted(and(periods.current, returned)!),
        previous: counted(periods.previous),
        previousCollected: counted(and(periods.previous, collected)!),
        previousReturned: counted(and(periods.previous, returned)!),
      })
      .from(orders)
      .where(and(eq(orders.paymentMethod, COD_PAYMENT_METHOD), bothPeriods)),
  ]);
  const codOrders = cod?.current ?? 0;
  return {
    codShare: figure(codShare(codOrders, placed?.current ?? 0), codShare(cod?.previous ?? 0, placed?.previous ?? 0)),
    rtoRate: figure(rtoRate(cod?.returned ?? 0, cod?.collected ?? 0), rtoRate(cod?.previousReturned ?? 0, cod?.previousCollected ?? 0)),
    codOrders,
    collected: cod?.collected ?? 0,
    returned: cod?.returned ?? 0,
  };
}
