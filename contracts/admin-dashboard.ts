import { z } from 'zod';
import type { OrderStatus, PaymentStatus } from '../domain/orders.ts';
import { DASHBOARD_PERIOD_NAMES } from '../domain/reporting-periods.ts';

export const dashboardQuerySchema = z.object({
  period: z.enum(DASHBOARD_PERIOD_NAMES, { error: `period must be one of ${DASHBOARD_PERIOD_NAMES.join(', ')}` }).default('week'),
});
export type DashboardQuery = z.input<typeof dashboardQuerySchema>;

/** A figure for the period next to the same figure for the period before; change in percent, null when new. */
export interface PeriodFigure {
  value: number;
  previous: number;
  change: number | null;
}

export interface DashboardRecentOrder {
  id: string;
  orderNumber: string;
  customerName: string;
  total: number;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  createdAt: string;
}

export interface DashboardLowStockProduct {
  id: number;
  name: string;
  slug: string;
  category: string;
  inventory: number;
}

export interface DashboardResponse {
  success: true;
  period: (typeof DASHBOARD_PERIOD_NAMES)[number];
  window: { start: string; end: string; previousStart: string; previousEnd: string };
  stats: {
    /** Rupees with two decimals, from orders counting as spent (paid and not cancelled). */
    revenue: PeriodFigure;
    /** Orders counting as spent. */
    orders: PeriodFigure;
    /** Customer accounts created. */
    newUsers: PeriodFigure;
    /** Rupees: revenue / orders. */
    averageOrderValue: PeriodFigure;
  };
  recentOrders: DashboardRecentOrder[];
  lowStock: DashboardLowStockProduct[];
}
