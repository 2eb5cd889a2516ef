import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../domain/orders.ts';
import { DASHBOARD_PERIOD_NAMES } from '../domain/reporting-periods.ts';

export const dashboardQuerySchema = z.object({
  period: z.enum(DASHBOARD_PERIOD_NAMES, { error: `period must be one of ${DASHBOARD_PERIOD_NAMES.join(', ')}` }).default('week'),
});
export type DashboardQuery = z.input<typeof dashboardQuerySchema>;

/** A figure for the period next to the same figure for the period before; change in percent, null when new. */
export const periodFigureSchema = z.object({ value: z.number(), previous: z.number(), change: z.number().nullable() });
export type PeriodFigure = z.infer<typeof periodFigureSchema>;

/** The period's bounds as ISO instants, and the bounds of the period before it. */
export const periodWindowSchema = z.object({ start: z.string(), end: z.string(), previousStart: z.string(), previousEnd: z.string() });

/**
 * Cash on delivery in a period, of the orders placed in it (domain/cod-progress.ts words the definitions).
 * Its revenue is already in `revenue`: a COD order counts there only once its cash is collected (paid).
 */
export const cashOnDeliveryFiguresSchema = z.object({
  /** Percent of the orders placed that were placed as cash on delivery, one decimal. */
  codShare: periodFigureSchema,
  /** Percent returned to origin among the COD orders that reached an end at the door (collected or returned). */
  rtoRate: periodFigureSchema,
  /** This period's counts behind the two rates. */
  codOrders: z.number().int(),
  collected: z.number().int(),
  returned: z.number().int(),
});
export type CashOnDeliveryFigures = z.infer<typeof cashOnDeliveryFiguresSchema>;

export const dashboardRecentOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  customerName: z.string(),
  total: z.number(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  createdAt: z.string(),
});
export type DashboardRecentOrder = z.infer<typeof dashboardRecentOrderSchema>;

export const dashboardLowStockProductSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string(), category: z.string(), inventory: z.number().int() });
export type DashboardLowStockProduct = z.infer<typeof dashboardLowStockProductSchema>;

export const dashboardResponseSchema = z.object({
  success: z.literal(true),
  period: z.enum(DASHBOARD_PERIOD_NAMES),
  window: periodWindowSchema,
  stats: z.object({
    /** Rupees with two decimals, from orders counting as spent (paid and not cancelled). */
    revenue: periodFigureSchema,
    /** Orders counting as spent. */
    orders: periodFigureSchema,
    /** Customer accounts created. */
    newUsers: periodFigureSchema,
    /** Rupees: revenue / orders. */
    averageOrderValue: periodFigureSchema,
    cashOnDelivery: cashOnDeliveryFiguresSchema,
  }),
  recentOrders: z.array(dashboardRecentOrderSchema),
  lowStock: z.array(dashboardLowStockProductSchema),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
