import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AnalyticsQuery, AnalyticsResponse, CustomerGrowthPoint, RevenuePoint } from '../../../contracts/analytics.ts';
import { analyticsQuerySchema } from '../../../contracts/analytics.ts';
import { paiseToRupees } from '../../../domain/money.ts';
import { ANALYTICS_PERIODS, bucketStarts, conversionRate, periodWindow, type Bucket, type PeriodWindow } from '../../../domain/reporting-periods.ts';
import type { Database } from '../../db/client.ts';
import { categories, orders, products, users } from '../../db/schema/index.ts';
import { countsAsSpentIn, countsAsSpentSql } from '../orders/order-totals.ts';
import { cashOnDeliveryFigures } from './cod-figures.ts';
import { figure, newCustomers, salesFigures, salesTotals } from './sales-figures.ts';
import { bucketKey, productSales, salesSpan, shopTime, spentByBucket } from './sales-rollup.ts';
import { at } from './time-filters.ts';

export const TOP_CATEGORIES = 4;
export const TOP_PRODUCTS = 5;

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Advanced analytics for a period. Every figure is an aggregate computed by the database (filtered sums,
 * GROUP BY shop-time buckets), so the cost grows with the number of buckets, not with the number of orders.
 */
export class AnalyticsService {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {}

  async report(rawQuery: AnalyticsQuery): Promise<AnalyticsResponse> {
    const { period } = analyticsQuerySchema.parse(rawQuery);
    const { days, bucket } = ANALYTICS_PERIODS[period];
    const window = periodWindow(this.clock(), days);
    const [totals, customers, active, trend, growth, customersBefore, lines, buyers, cashOnDelivery] = await Promise.all([
      salesTotals(this.db, window),
      newCustomers(this.db, window),
      this.activeCustomers(window),
      spentByBucket(this.db, salesSpan(window.start, window.end), bucket),
      this.newCustomersByBucket(window, bucket),
      this.customersBefore(window.start),
      this.lineSales(window),
      this.buyers(window),
      cashOnDeliveryFigures(this.db, window),
    ]);

    const revenueTrend: RevenuePoint[] = bucketStarts(window, bucket).map((start) => {
      const row = trend.get(start);
      return { bucket: start, revenue: paiseToRupees(row?.revenuePaise ?? 0), orders: row?.orders ?? 0 };
    });
    let running = customersBefore;
    const customerGrowth: CustomerGrowthPoint[] = bucketStarts(window, bucket).map((start) => {
      const joined = growth.get(start) ?? 0;
      running += joined;
      return { bucket: start, newCustomers: joined, totalCustomers: running };
    });
    const bestBucket = revenueTrend.reduce<RevenuePoint | null>((best, point) => (point.revenue > 0 && (!best || point.revenue > best.revenue) ? point : best), null);

    return {
      success: true,
      period,
      bucket,
      window: {
        start: window.start.toISOString(),
        end: window.end.toISOString(),
        previousStart: window.previousStart.toISOString(),
        previousEnd: window.previousEnd.toISOString(),
      },
      kpis: {
        ...salesFigures(totals),
        newCustomers: customers,
        conversionRate: figure(conversionRate(active.orderedCurrent, active.current), conversionRate(active.orderedPrevious, active.previous)),
        activeCustomers: active.current,
        cashOnDelivery,
      },
      revenueTrend,
      topCategories: lines.categories.map(({ revenuePaise, ...row }) => ({
        ...row,
        revenue: paiseToRupees(revenuePaise),
        share: lines.totalPaise > 0 ? round1((revenuePaise / lines.totalPaise) * 100) : 0,
      })),
      topProducts: lines.products.map(({ revenuePaise, ...row }) => ({ ...row, revenue: paiseToRupees(revenuePaise) })),
      customerGrowth,
      insights: {
        bestBucket,
        unitsPerOrder: totals.orders > 0 ? round1(lines.units / totals.orders) : 0,
        returningBuyerShare: buyers.buyers > 0 ? round1((buyers.returning / buyers.buyers) * 100) : 0,
        buyers: buyers.buyers,
      },
    };
  }

  /**
   * Active customers when each period ended: customer accounts with status 'active' created before the end; and
   * how many of them placed an order that counts as spent within the period (the conversion rate's numerator,
   * so the rate is a share of the same people and cannot pass 100%). Status has no history, so a customer banned
   * today no longer counts for the previous period either.
   */
  private async activeCustomers(window: PeriodWindow): Promise<{ current: number; previous: number; orderedCurrent: number; orderedPrevious: number }> {
    const orderedBetween = (start: Date, end: Date) =>
      this.db
        .select({ one: sql`1` })
        .from(orders)
        .where(and(eq(orders.userId, users.id), gte(orders.createdAt, start), lt(orders.createdAt, end), countsAsSpentSql));
    const [row] = await this.db
      .select({
        current: sql<number>`count(*)`.mapWith(Number),
        previous: sql<number>`count(*) filter (where ${users.createdAt} < ${at(window.previousEnd)})`.mapWith(Number),
        orderedCurrent: sql<number>`count(*) filter (where exists (${orderedBetween(window.start, window.end)}))`.mapWith(Number),
        orderedPrevious: sql<number>`count(*) filter (where ${users.createdAt} < ${at(window.previousEnd)} and exists (${orderedBetween(window.previousStart, window.previousEnd)}))`.mapWith(Number),
      })
      .from(users)
      .where(and(eq(users.role, 'customer'), eq(users.status, 'active'), lt(users.createdAt, window.end)));
    return { current: row?.current ?? 0, previous: row?.previous ?? 0, orderedCurrent: row?.orderedCurrent ?? 0, orderedPrevious: row?.orderedPrevious ?? 0 };
  }

  private async newCustomersByBucket(window: PeriodWindow, bucket: Bucket): Promise<Map<string, number>> {
    const key = bucketKey(bucket, shopTime(users.createdAt));
    const rows = await this.db
      .select({ bucket: key, joined: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(and(eq(users.role, 'customer'), gte(users.createdAt, window.start), lt(users.createdAt, window.end)))
      .groupBy(key);
    return new Map(rows.map((row) => [row.bucket, row.joined]));
  }

  private async customersBefore(start: Date): Promise<number> {
    const [row] = await this.db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(and(eq(users.role, 'customer'), lt(users.createdAt, start)));
    return row?.total ?? 0;
  }

  /**
   * Sales per product (and its category at checkout) from the daily rollup, less received returns; categories and products are ranked
   * from those few dozen rows. Category revenue is the sum of the lines as priced at
   * checkout (before any coupon, which applies to the whole basket); shares are of all lines sold in the period.
   */
  private async lineSales(window: PeriodWindow) {
    const rows = await productSales(this.db, salesSpan(window.start, window.end));
    const names = new Map((await this.db.select({ id: categories.id, name: categories.name }).from(categories)).map((row) => [row.id, row.name]));
    const byCategory = new Map<string, { id: string; name: string; revenuePaise: number; units: number }>();
    const byProduct = new Map<number, { id: number; name: string; revenuePaise: number; units: number }>();
    for (const row of rows) {
      const category = byCategory.get(row.categoryId) ?? { id: row.categoryId, name: names.get(row.categoryId) ?? row.categoryId, revenuePaise: 0, units: 0 };
      category.revenuePaise += row.revenuePaise;
      category.units += row.units;
      byCategory.set(row.categoryId, category);
      const product = byProduct.get(row.productId) ?? { id: row.productId, name: '', revenuePaise: 0, units: 0 };
      product.revenuePaise += row.revenuePaise;
      product.units += row.units;
      byProduct.set(row.productId, product);
    }
    const ranked = <T extends { revenuePaise: number; id: string | number }>(items: Iterable<T>) =>
      [...items].sort((a, b) => b.revenuePaise - a.revenuePaise || String(a.id).localeCompare(String(b.id), 'en', { numeric: true }));
    // Names only for the few products shown.
    const topProducts = ranked(byProduct.values()).slice(0, TOP_PRODUCTS);
    if (topProducts.length > 0) {
      const productNames = await this.db
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(inArray(products.id, topProducts.map((product) => product.id)));
      const nameOf = new Map(productNames.map((row) => [row.id, row.name]));
      for (const product of topProducts) product.name = nameOf.get(product.id) ?? `Potion ${product.id}`;
    }
    return {
      categories: ranked(byCategory.values()).slice(0, TOP_CATEGORIES),
      products: topProducts,
      totalPaise: rows.reduce((sum, row) => sum + row.revenuePaise, 0),
      units: rows.reduce((sum, row) => sum + row.units, 0),
    };
  }

  /**
   * Distinct buyers in the period, and how many of them had an order counting as spent before it began. The
   * period's buyers come from the reporting index; each is then probed once in the index of orders that count
   * by buyer (orders_spent_user_idx), so the cost follows the period's buyers, not the shop's whole history.
   */
  private async buyers(window: PeriodWindow): Promise<{ buyers: number; returning: number }> {
    const buyers = this.db
      .selectDistinct({ userId: orders.userId })
      .from(orders)
      .where(and(gte(orders.createdAt, window.start), lt(orders.createdAt, window.end), countsAsSpentSql))
      .as('buyers');
    const earlier = alias(orders, 'earlier');
    const [row] = await this.db
      .select({
        buyers: sql<number>`count(*)`.mapWith(Number),
        returning: sql<number>`count(*) filter (where exists (${this.db
          .select({ one: sql`1` })
          .from(earlier)
          .where(and(eq(earlier.userId, buyers.userId), lt(earlier.createdAt, window.start), countsAsSpentIn(earlier)))}))`.mapWith(Number),
      })
      .from(buyers);
    return { buyers: row?.buyers ?? 0, returning: row?.returning ?? 0 };
  }
}
