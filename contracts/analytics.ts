import { z } from 'zod';
import { ANALYTICS_PERIOD_NAMES, type Bucket } from '../domain/reporting-periods.ts';
import type { PeriodFigure } from './admin-dashboard.ts';

export const analyticsQuerySchema = z.object({
  period: z.enum(ANALYTICS_PERIOD_NAMES, { error: `period must be one of ${ANALYTICS_PERIOD_NAMES.join(', ')}` }).default('30days'),
});
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

/** One point of a trend: the bucket's first shop date (YYYY-MM-DD); amounts in rupees. */
export interface RevenuePoint {
  bucket: string;
  revenue: number;
  orders: number;
}

export interface CustomerGrowthPoint {
  bucket: string;
  newCustomers: number;
  /** Customer accounts in existence at the end of the bucket. */
  totalCustomers: number;
}

export interface CategoryFigure {
  id: string;
  name: string;
  revenue: number;
  units: number;
  /** Percent of the period's revenue, one decimal. */
  share: number;
}

export interface ProductFigure {
  id: number;
  name: string;
  revenue: number;
  units: number;
}

export interface AnalyticsResponse {
  success: true;
  period: (typeof ANALYTICS_PERIOD_NAMES)[number];
  bucket: Bucket;
  window: { start: string; end: string; previousStart: string; previousEnd: string };
  kpis: {
    revenue: PeriodFigure;
    orders: PeriodFigure;
    averageOrderValue: PeriodFigure;
    newCustomers: PeriodFigure;
    /** Orders counting as spent per hundred active customers, one decimal. */
    conversionRate: PeriodFigure;
    activeCustomers: number;
  };
  revenueTrend: RevenuePoint[];
  topCategories: CategoryFigure[];
  topProducts: ProductFigure[];
  customerGrowth: CustomerGrowthPoint[];
  insights: {
    /** The bucket with the most revenue, null when nothing sold. */
    bestBucket: RevenuePoint | null;
    /** Units per order, one decimal. */
    unitsPerOrder: number;
    /** Percent of the period's buyers who had bought before it began, one decimal. */
    returningBuyerShare: number;
    buyers: number;
  };
}
