import { z } from 'zod';
import { ANALYTICS_PERIOD_NAMES, type Bucket } from '../domain/reporting-periods.ts';
import { cashOnDeliveryFiguresSchema, periodFigureSchema, periodWindowSchema } from './admin-dashboard.ts';

export const analyticsQuerySchema = z.object({
  period: z.enum(ANALYTICS_PERIOD_NAMES, { error: `period must be one of ${ANALYTICS_PERIOD_NAMES.join(', ')}` }).default('30days'),
});
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

/** One point of a trend: the bucket's first shop date (YYYY-MM-DD); amounts in rupees. */
export const revenuePointSchema = z.object({ bucket: z.string(), revenue: z.number(), orders: z.number() });
export type RevenuePoint = z.infer<typeof revenuePointSchema>;

export const customerGrowthPointSchema = z.object({
  bucket: z.string(),
  newCustomers: z.number(),
  /** Customer accounts in existence at the end of the bucket. */
  totalCustomers: z.number(),
});
export type CustomerGrowthPoint = z.infer<typeof customerGrowthPointSchema>;

export const categoryFigureSchema = z.object({
  id: z.string(),
  name: z.string(),
  revenue: z.number(),
  units: z.number(),
  /** Percent of the period's revenue, one decimal. */
  share: z.number(),
});
export type CategoryFigure = z.infer<typeof categoryFigureSchema>;

export const productFigureSchema = z.object({ id: z.number().int(), name: z.string(), revenue: z.number(), units: z.number() });
export type ProductFigure = z.infer<typeof productFigureSchema>;

export const analyticsResponseSchema = z.object({
  success: z.literal(true),
  period: z.enum(ANALYTICS_PERIOD_NAMES),
  bucket: z.enum(['day', 'week'] satisfies Bucket[]),
  window: periodWindowSchema,
  kpis: z.object({
    revenue: periodFigureSchema,
    orders: periodFigureSchema,
    averageOrderValue: periodFigureSchema,
    newCustomers: periodFigureSchema,
    /** Orders counting as spent per hundred active customers, one decimal. */
    conversionRate: periodFigureSchema,
    activeCustomers: z.number(),
    cashOnDelivery: cashOnDeliveryFiguresSchema,
  }),
  revenueTrend: z.array(revenuePointSchema),
  topCategories: z.array(categoryFigureSchema),
  topProducts: z.array(productFigureSchema),
  customerGrowth: z.array(customerGrowthPointSchema),
  insights: z.object({
    /** The bucket with the most revenue, null when nothing sold. */
    bestBucket: revenuePointSchema.nullable(),
    /** Units per order, one decimal. */
    unitsPerOrder: z.number(),
    /** Percent of the period's buyers who had bought before it began, one decimal. */
    returningBuyerShare: z.number(),
    buyers: z.number(),
  }),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;
