import type { AnalyticsResponse } from '../../../contracts/analytics.ts';
import { toCsv } from '../../../domain/csv.ts';

const amount = (rupees: number) => rupees.toFixed(2);

/**
 * The period's figures as CSV: a summary, then the trend bucket by bucket, then categories and products.
 * Amounts are plain rupees with two decimals (no symbol or grouping) so spreadsheets can add them up; names that
 * start like a formula are defused (domain/csv.ts).
 */
export function analyticsCsv(report: AnalyticsResponse): string {
  const { kpis } = report;
  const growth = new Map(report.customerGrowth.map((point) => [point.bucket, point]));
  return [
    toCsv([
      ['Figure', 'This period', 'Previous period', 'Change %'],
      ['Revenue (INR)', amount(kpis.revenue.value), amount(kpis.revenue.previous), kpis.revenue.change],
      ['Orders', kpis.orders.value, kpis.orders.previous, kpis.orders.change],
      ['Average order value (INR)', amount(kpis.averageOrderValue.value), amount(kpis.averageOrderValue.previous), kpis.averageOrderValue.change],
      ['New customers', kpis.newCustomers.value, kpis.newCustomers.previous, kpis.newCustomers.change],
      ['Conversion rate %', kpis.conversionRate.value, kpis.conversionRate.previous, kpis.conversionRate.change],
      ['Active customers', kpis.activeCustomers, null, null],
      ['Cash on delivery share %', kpis.cashOnDelivery.codShare.value, kpis.cashOnDelivery.codShare.previous, kpis.cashOnDelivery.codShare.change],
      ['RTO rate %', kpis.cashOnDelivery.rtoRate.value, kpis.cashOnDelivery.rtoRate.previous, kpis.cashOnDelivery.rtoRate.change],
    ]),
    toCsv([
      [report.bucket === 'week' ? 'Week starting' : 'Date', 'Revenue (INR)', 'Orders', 'New customers', 'Total customers'],
      ...report.revenueTrend.map((point) => [
        point.bucket,
        amount(point.revenue),
        point.orders,
        growth.get(point.bucket)?.newCustomers ?? 0,
        growth.get(point.bucket)?.totalCustomers ?? null,
      ]),
    ]),
    toCsv([['Category', 'Revenue (INR)', 'Units', 'Share %'], ...report.topCategories.map((category) => [category.name, amount(category.revenue), category.units, category.share])]),
    toCsv([['Product', 'Revenue (INR)', 'Units'], ...report.topProducts.map((product) => [product.name, amount(product.revenue), product.units])]),
  ].join('\r\n');
}
