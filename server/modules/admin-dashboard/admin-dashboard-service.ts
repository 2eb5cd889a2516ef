import { kindCondition } from '../products/set-contents.ts';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { DashboardQuery, DashboardResponse } from '../../../contracts/admin-dashboard.ts';
import { dashboardQuerySchema } from '../../../contracts/admin-dashboard.ts';
import { paiseToRupees } from '../../../domain/money.ts';
import { DASHBOARD_PERIODS, periodWindow } from '../../../domain/reporting-periods.ts';
import type { Database } from '../../db/client.ts';
import { categories, orders, products } from '../../db/schema/index.ts';
import { cashOnDeliveryFigures } from '../analytics/cod-figures.ts';
import { newCustomers, salesFigures, salesTotals } from '../analytics/sales-figures.ts';

export const RECENT_ORDERS = 6;
export const LOW_STOCK_LIST = 5;

/** The dashboard's figures, each an aggregate the database computes; no order rows are loaded to add up. */
export class AdminDashboardService {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {}

  async summary(rawQuery: DashboardQuery): Promise<DashboardResponse> {
    const { period } = dashboardQuerySchema.parse(rawQuery);
    const window = periodWindow(this.clock(), DASHBOARD_PERIODS[period]);
    const [totals, newUsers, cashOnDelivery, recent, lowStock] = await Promise.all([
      salesTotals(this.db, window),
      newCustomers(this.db, window),
      cashOnDeliveryFigures(this.db, window),
      this.db
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          customerName: orders.customerName,
          totalPaise: orders.totalPaise,
          status: orders.status,
          paymentStatus: orders.paymentStatus,
          createdAt: orders.createdAt,
        })
        .from(orders)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(RECENT_ORDERS),
      this.db
        .select({ id: products.id, name: products.name, slug: products.slug, category: categories.name, inventory: products.inventory })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        // A set has no shelf of its own: its potions are listed when they run low.
        .where(and(isNull(products.archivedAt), kindCondition('potion')))
        .orderBy(asc(products.inventory), asc(products.name))
        .limit(LOW_STOCK_LIST),
    ]);
    return {
      success: true,
      period,
      window: {
        start: window.start.toISOString(),
        end: window.end.toISOString(),
        previousStart: window.previousStart.toISOString(),
        previousEnd: window.previousEnd.toISOString(),
      },
      stats: { ...salesFigures(totals), newUsers, cashOnDelivery },
      recentOrders: recent.map(({ totalPaise, createdAt, ...order }) => ({ ...order, total: paiseToRupees(totalPaise), createdAt: createdAt.toISOString() })),
      lowStock,
    };
  }
}
