import { count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { RecoveryReportResponse } from '../../../contracts/cart-recovery.ts';
import { paiseToRupees } from '../../../domain/money.ts';
import { SHOP_TIME_ZONE } from '../../../domain/shop-clock.ts';
import type { Database } from '../../db/client.ts';
import { cartReminders, orders } from '../../db/schema/index.ts';
import type { CartRecovery } from './cart-recovery.ts';

/** Weeks shown: a quarter and a bit. */
const WEEKS = 16;

/**
 * What recovery earns, for /admin/recovery: by the week a reminder was sent (Monday, shop time), how many went,
 * how many links were opened, how many orders they brought back and those orders' totals; then each recovered
 * order with the reminder that brought it back. A cancelled order counts for nothing.
 */
export class RecoveryReport {
  constructor(
    private readonly db: Database,
    private readonly recovery: CartRecovery,
  ) {}

  async read(query: { page: number; limit: number }): Promise<Omit<RecoveryReportResponse, 'success'>> {
    // Orders placed since the job last ran are marked before the figures are read.
    await this.recovery.markRecovered();
    const week = sql<string>`to_char(date_trunc('week', ${cartReminders.sentAt} at time zone ${sql.raw(`'${SHOP_TIME_ZONE}'`)}), 'YYYY-MM-DD')`;
    const counted = sql`${orders.id} is not null and ${orders.status} <> 'cancelled'`;
    const weekRows = await this.db
      .select({
        weekStart: week,
        reminded: count(),
        opened: count(cartReminders.openedAt),
        recovered: sql<number>`count(*) filter (where ${counted})`.mapWith(Number),
        revenuePaise: sql<number>`coalesce(sum(${orders.totalPaise}) filter (where ${counted}), 0)`.mapWith(Number),
      })
      .from(cartReminders)
      .leftJoin(orders, eq(orders.id, cartReminders.recoveredOrderId))
      .groupBy(week)
      .orderBy(desc(week))
      .limit(WEEKS);
    const recovered = isNotNull(cartReminders.recoveredOrderId);
    const [rows, [{ total } = { total: 0 }]] = await Promise.all([
      this.db
        .select({
          orderId: orders.id,
          orderNumber: orders.orderNumber,
          totalPaise: orders.totalPaise,
          status: orders.status,
          placedAt: orders.createdAt,
          step: cartReminders.step,
          cause: cartReminders.cause,
          remindedAt: cartReminders.sentAt,
          openedAt: cartReminders.openedAt,
          promotionCode: cartReminders.promotionCode,
        })
        .from(cartReminders)
        .innerJoin(orders, eq(orders.id, cartReminders.recoveredOrderId))
        .where(recovered)
        .orderBy(desc(orders.createdAt))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      this.db.select({ total: count() }).from(cartReminders).where(recovered),
    ]);
    return {
      weeks: weekRows.map((row) => ({ weekStart: row.weekStart, reminded: row.reminded, opened: row.opened, recovered: row.recovered, revenue: paiseToRupees(row.revenuePaise) })),
      orders: rows.map((row) => ({
        orderId: row.orderId,
        orderNumber: row.orderNumber,
        total: row.status === 'cancelled' ? 0 : paiseToRupees(row.totalPaise),
        placedAt: row.placedAt.toISOString(),
        step: row.step,
        cause: row.cause,
        remindedAt: row.remindedAt.toISOString(),
        openedAt: row.openedAt?.toISOString() ?? null,
        promotionCode: row.promotionCode,
      })),
      pagination: { page: query.page, limit: query.limit, total, pages: Math.max(1, Math.ceil(total / query.limit)) },
      settings: this.recovery.recoverySettings,
    };
  }
}
