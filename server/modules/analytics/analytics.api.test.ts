import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AnalyticsResponse } from '../../../contracts/analytics.ts';
import { categories, orderItems, orderReturns, orders } from '../../db/schema/index.ts';
import { call, getOk } from '../../../tests/support/accounts.ts';
import { REPORTING_NOW, seedReportingFixture } from '../../../tests/support/reporting-fixture.ts';
import { shopForFile } from '../../../tests/support/shop-for-file.ts';

const shop = shopForFile({ clock: () => REPORTING_NOW }, seedReportingFixture);

const analytics = (query = '') => getOk<AnalyticsResponse>(shop, `/api/admin/analytics${query}`, shop.admin);

describe('GET /api/admin/analytics', () => {
  it('gives the week day by day in India time, with kept money only', async () => {
    const body = await analytics('?period=7days');
    expect(body.bucket).toBe('day');
    expect(body.kpis.revenue).toEqual({ value: 3800, previous: 2000, change: 90 });
    expect(body.kpis.orders).toEqual({ value: 5, previous: 1, change: 400 });
    const byDay = Object.fromEntries(body.revenueTrend.map((point) => [point.bucket, [point.revenue, point.orders]]));
    expect(byDay).toEqual({
      '2026-11-16': [500, 1], // 18:30 UTC on the 15th is midnight on the 16th in India
      '2026-11-17': [0, 0],
      '2026-11-18': [0, 0],
      '2026-11-19': [0, 0],
      '2026-11-20': [0, 0],
      '2026-11-21': [1500, 2], // 09:30 and 23:59:59 India time
      '2026-11-22': [1800, 2],
    });
    expect(body.insights.bestBucket).toEqual({ bucket: '2026-11-22', revenue: 1800, orders: 2 });
  });

  it('ranks categories by the lines sold, with their share of the period', async () => {
    const { topCategories, topProducts, insights } = await analytics('?period=7days');
    // Lines before the basket discount: ₹3,000 of the first category, ₹900 of the second.
    expect(topCategories.map(({ id, revenue, units, share }) => ({ id, revenue, units, share }))).toEqual([
      { id: shop.fixture.potion.categoryId, revenue: 3000, units: 4, share: 76.9 },
      { id: shop.fixture.elixir.categoryId, revenue: 900, units: 2, share: 23.1 },
    ]);
    const [category] = await shop.database.db.select().from(categories).where(eq(categories.id, shop.fixture.potion.categoryId));
    expect(topCategories[0]!.name).toBe(category!.name);
    expect(topProducts.map(({ id, revenue, units }) => ({ id, revenue, units }))).toEqual([
      { id: shop.fixture.potion.id, revenue: 3000, units: 4 },
      { id: shop.fixture.elixir.id, revenue: 900, units: 2 },
    ]);
    expect(insights.unitsPerOrder).toBe(1.2);
  });

  it('counts conversion as the share of active customers who ordered, and returning buyers', async () => {
    const { kpis, insights } = await analytics('?period=7days');
    // Active customers: the regular one and the two who joined this week; the lapsed one is inactive.
    expect(kpis.activeCustomers).toBe(3);
    // 5 orders, but of the 3 active customers only the regular one ordered (the other buyer is the lapsed, inactive
    // one): 33.3 %, where orders per customer read 166.7 %. Before: the one active customer ordered, 100 %.
    expect(kpis.conversionRate).toEqual({ value: 33.3, previous: 100, change: -66.7 });
    expect(kpis.newCustomers).toEqual({ value: 2, previous: 0, change: null });
    // Two buyers this week; the regular one had bought before the week began.
    expect(insights).toMatchObject({ buyers: 2, returningBuyerShare: 50 });
  });

  it('grows the customer count bucket by bucket from those who joined before', async () => {
    const { customerGrowth } = await analytics('?period=7days');
    expect(customerGrowth[0]).toEqual({ bucket: '2026-11-16', newCustomers: 0, totalCustomers: 2 });
    expect(customerGrowth.at(-2)).toEqual({ bucket: '2026-11-21', newCustomers: 1, totalCustomers: 3 });
    expect(customerGrowth.at(-1)).toEqual({ bucket: '2026-11-22', newCustomers: 1, totalCustomers: 4 });
  });

  it('defaults to 30 days, and groups 3 months and a year by week, every week present', async () => {
    const month = await analytics();
    expect(month.period).toBe('30days');
    expect(month.revenueTrend).toHaveLength(30);
    expect(month.kpis.revenue.value).toBe(6500);

    const year = await analytics('?period=1year');
    expect(year.bucket).toBe('week');
    expect(year.revenueTrend.length).toBeGreaterThanOrEqual(53);
    expect(year.revenueTrend.every((point) => new Date(`${point.bucket}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(year.revenueTrend.reduce((sum, point) => sum + point.revenue, 0)).toBe(year.kpis.revenue.value);
    expect(year.revenueTrend.at(-1)).toEqual({ bucket: '2026-11-16', revenue: 3800, orders: 5 });
    const quarter = await analytics('?period=3months');
    expect(quarter.revenueTrend).toHaveLength(13);
  });

  it('takes potions that came back in a received return off their product and category, once', async () => {
    // One of the two elixirs of this morning's order (₹450 each as priced at checkout) is returned.
    const [line] = await shop.database.db.select().from(orderItems).where(eq(orderItems.productId, shop.fixture.elixir.id));
    const asked = { orderId: line!.orderId, userId: shop.fixture.regular.id, reason: 'damaged-or-leaking' as const, lines: [{ orderItemId: line!.id, quantity: 1 }], refundPaise: 40_000 };
    const [pending] = await shop.database.db
      .insert(orderReturns)
      .values({ ...asked, status: 'approved' })
      .returning();
    const elixirSales = async () => (await analytics('?period=7days')).topProducts.find((product) => product.id === shop.fixture.elixir.id);
    // Approved but not yet back: still sold.
    expect(await elixirSales()).toMatchObject({ revenue: 900, units: 2 });
    await shop.database.db.update(orderReturns).set({ status: 'received' }).where(eq(orderReturns.id, pending!.id));
    const { topCategories, topProducts } = await analytics('?period=7days');
    expect(topProducts.find((product) => product.id === shop.fixture.elixir.id)).toMatchObject({ revenue: 450, units: 1 });
    expect(topCategories.find((category) => category.id === shop.fixture.elixir.categoryId)).toMatchObject({ revenue: 450, units: 1, share: 13 });
    // A refund that then failed leaves the potion back with the shop all the same.
    await shop.database.db.update(orderReturns).set({ status: 'refund_failed' }).where(eq(orderReturns.id, pending!.id));
    expect(await elixirSales()).toMatchObject({ revenue: 450, units: 1 });
    // An order cancelled after its return leaves the figures whole, not a second time for the returned unit.
    const [placed] = await shop.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, line!.orderId));
    await shop.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, line!.orderId));
    expect(await elixirSales()).toBeUndefined();
    await shop.database.db.update(orders).set({ status: placed!.status }).where(eq(orders.id, line!.orderId));
    await shop.database.db.delete(orderReturns).where(eq(orderReturns.id, pending!.id));
  });

  it('refuses an unknown period, naming the field', async () => {
    const response = await call(shop, 'GET', '/api/admin/analytics?period=2days', { token: shop.admin });
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]).toEqual({ field: 'period', message: 'period must be one of 7days, 30days, 3months, 1year' });
  });

  it('is for admins only', async () => {
    expect((await call(shop, 'GET', '/api/admin/analytics')).status).toBe(401);
    expect((await call(shop, 'GET', '/api/admin/analytics', { token: shop.fixture.regular.token })).status).toBe(403);
  });
});
