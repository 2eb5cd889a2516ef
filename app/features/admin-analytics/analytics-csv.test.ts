import { describe, expect, it } from 'vitest';
import type { AnalyticsResponse } from '../../../contracts/analytics.ts';
import { analyticsCsv } from './analytics-csv.ts';

const figure = (value: number, previous: number, change: number | null) => ({ value, previous, change });
const report: AnalyticsResponse = {
  success: true,
  period: '7days',
  bucket: 'day',
  window: { start: '', end: '', previousStart: '', previousEnd: '' },
  kpis: {
    revenue: figure(1800, 1200, 50),
    orders: figure(2, 1, 100),
    averageOrderValue: figure(900, 1200, -25),
    newCustomers: figure(1, 0, null),
    conversionRate: figure(66.7, 50, 33.4),
    activeCustomers: 3,
    cashOnDelivery: { codShare: figure(33.3, 0, null), rtoRate: figure(25, 50, -50), codOrders: 1, collected: 3, returned: 1 },
  },
  revenueTrend: [
    { bucket: '2026-11-21', revenue: 0, orders: 0 },
    { bucket: '2026-11-22', revenue: 1800, orders: 2 },
  ],
  customerGrowth: [
    { bucket: '2026-11-21', newCustomers: 0, totalCustomers: 2 },
    { bucket: '2026-11-22', newCustomers: 1, totalCustomers: 3 },
  ],
  topCategories: [{ id: 'ritual', name: 'Ritual, "Night"', revenue: 1800.5, units: 3, share: 100 }],
  topProducts: [{ id: 1, name: '=Moonwater', revenue: 1800.5, units: 3 }],
  insights: { bestBucket: null, unitsPerOrder: 1.5, returningBuyerShare: 0, buyers: 1 },
};

describe('analytics CSV', () => {
  it('writes plain rupee amounts, the trend with customers per bucket, quotes awkward names and defuses formulas', () => {
    const csv = analyticsCsv(report);
    expect(csv).toContain('Revenue (INR),1800.00,1200.00,50\r\n');
    expect(csv).toContain('Average order value (INR),900.00,1200.00,-25\r\n');
    expect(csv).toContain('New customers,1,0,\r\n');
    expect(csv).toContain('Cash on delivery share %,33.3,0,\r\nRTO rate %,25,50,-50\r\n');
    expect(csv).toContain('Date,Revenue (INR),Orders,New customers,Total customers\r\n2026-11-21,0.00,0,0,2\r\n2026-11-22,1800.00,2,1,3\r\n');
    expect(csv).toContain('"Ritual, ""Night""",1800.50,3,100');
    expect(csv).toContain("'=Moonwater,1800.50,3");
  });
});
