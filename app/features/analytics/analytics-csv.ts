import type { AnalyticsResponse } from '../../../contracts/analytics.ts';

const cell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
const rows = (lines: (string | number | null)[][]) => lines.map((line) => line.map(cell).join(',')).join('\n');
const amount = (rupees: number) => rupees.toFixed(2);

/**
 * The period's figures as CSV: a summary, then the trend bucket by bucket, then categories and products.
 * Amounts are plain rupees with two decimals (no symbol or grouping) so spreadsheets can add them up.
 */
export function analyticsCsv(report: AnalyticsResponse): string {
  const { kpis } = report;
  const growth = new Map(report.customerGrowth.map((point) => [point.bucket, point]));
  return [
    rows([
      ['Figure', 'This period', 'Previous period', 'Change %'],
      ['Revenue (INR)', amount(kpis.revenue.value), amount(kpis.revenue.previous), kpis.revenue.change],
      ['Orders', kpis.orders.value, kpis.orders.previous, kpis.orders.change],
      ['Average order value (INR)', amount(kpis.averageOrderValue.value), amount(kpis.averageOrderValue.previous), kpis.averageOrderValue.change],
      ['New customers', kpis.newCustomers.value, kpis.newCustomers.previous, kpis.newCustomers.change],
      ['Conversion rate %', kpis.conversionRate.value, kpis.conversionRate.previous, kpis.conversionRate.change],
      ['Active customers', kpis.activeCustomers, null, null],
    ]),
    rows([
      [report.bucket === 'week' ? 'Week starting' : 'Date', 'Revenue (INR)', 'Orders', 'New customers', 'Total customers'],
      ...report.revenueTrend.map((point) => [
        point.bucket,
        amount(point.revenue),
        point.orders,
        growth.get(point.bucket)?.newCustomers ?? 0,
        growth.get(point.bucket)?.totalCustomers ?? null,
      ]),
    ]),
    rows([['Category', 'Revenue (INR)', 'Units', 'Share %'], ...report.topCategories.map((category) => [category.name, amount(category.revenue), category.units, category.share])]),
    rows([['Product', 'Revenue (INR)', 'Units'], ...report.topProducts.map((product) => [product.name, amount(product.revenue), product.units])]),
  ].join('\n\n');
}

/** Saves text as a file in the browser. */
export function download(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
