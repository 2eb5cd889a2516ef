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
 * COD share and RTO rate of the orders placed in a period and in the period before, in one aggregate over the
 * two periods' orders (orders_created_idx). Revenue needs nothing here: a COD order counts as spent, in the
 * rollup and everywhere else, only once it is paid, which is when its cash is collected.
 */
export async function cashOnDeliveryFigures(db: Database, window: PeriodWindow): Promise<CashOnDeliveryFigures> {
  const cod = eq(orders.paymentMethod, COD_PAYMENT_METHOD);
  const collected = and(cod, isNotNull(orders.codCollectedAt))!;
  const returned = and(cod, isNotNull(orders.codReturnedAt))!;
  const periods = { current: within(orders.createdAt, window.start, window.end), previous: within(orders.createdAt, window.previousStart, window.previousEnd) };
  const [row] = await db
    .select({
      placed: counted(periods.current),
      cod: counted(and(periods.current, cod)!),
      collected: counted(and(periods.current, collected)!),
      returned: counted(and(periods.current, returned)!),
      previousPlaced: counted(periods.previous),
      previousCod: counted(and(periods.previous, cod)!),
      previousCollected: counted(and(periods.previous, collected)!),
      previousReturned: counted(and(periods.previous, returned)!),
    })
    .from(orders)
    .where(and(gte(orders.createdAt, window.previousStart), lt(orders.createdAt, window.end)));
  const get = (key: keyof NonNullable<typeof row>) => row?.[key] ?? 0;
  return {
    codShare: figure(codShare(get('cod'), get('placed')), codShare(get('previousCod'), get('previousPlaced'))),
    rtoRate: figure(rtoRate(get('returned'), get('collected')), rtoRate(get('previousReturned'), get('previousCollected'))),
    codOrders: get('cod'),
    collected: get('collected'),
    returned: get('returned'),
  };
}
