import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DashboardResponse } from '../../../contracts/admin-dashboard.ts';
import { products } from '../../db/schema/index.ts';
import { call, getOk } from '../../../tests/support/accounts.ts';
import { REPORTING_NOW, seedReportingFixture, setInventory } from '../../../tests/support/reporting-fixture.ts';
import { shopForFile } from '../../../tests/support/shop-for-file.ts';

const shop = shopForFile({ clock: () => REPORTING_NOW }, seedReportingFixture);

const dashboard = (query = '') => getOk<DashboardResponse>(shop, `/api/admin/dashboard${query}`, shop.admin);

describe('GET /api/admin/dashboard', () => {
  it('adds up today from midnight India time against yesterday up to the same time, leaving out cancelled, refunded and unpaid orders', async () => {
    const { stats, window } = await dashboard('?period=today');
    expect(window).toEqual({
      start: '2026-11-21T18:30:00.000Z',
      end: '2026-11-22T06:00:00.000Z',
      previousStart: '2026-11-20T18:30:00.000Z',
      previousEnd: '2026-11-21T06:00:00.000Z',
    });
    expect(stats.revenue).toEqual({ value: 1800, previous: 1200, change: 50 });
    expect(stats.orders).toEqual({ value: 2, previous: 1, change: 100 });
    expect(stats.averageOrderValue).toEqual({ value: 900, previous: 1200, change: -25 });
    expect(stats.newUsers).toEqual({ value: 1, previous: 1, change: 0 });
  });

  it('defaults to the week, seven shop days, and says a figure is new when the week before had none', async () => {
    const body = await dashboard();
    expect(body.period).toBe('week');
    expect(body.window.start).toBe('2026-11-15T18:30:00.000Z');
    expect(body.stats.revenue).toEqual({ value: 3800, previous: 2000, change: 90 });
    expect(body.stats.orders).toEqual({ value: 5, previous: 1, change: 400 });
    expect(body.stats.averageOrderValue).toEqual({ value: 760, previous: 2000, change: -62 });
    expect(body.stats.newUsers).toEqual({ value: 2, previous: 0, change: null });
  });

  it('widens to the month, quarter and year', async () => {
    const month = await dashboard('?period=month');
    expect(month.stats.revenue).toEqual({ value: 6500, previous: 0, change: null });
    expect(month.stats.orders.value).toBe(7);
    const year = await dashboard('?period=year');
    expect(year.window.start).toBe('2025-11-22T18:30:00.000Z');
    expect(year.stats.newUsers.value).toBe(3); // the regular customer joined in January 2025
  });

  it('lists the six latest orders, whatever their status, newest first', async () => {
    const { recentOrders } = await dashboard();
    expect(recentOrders).toHaveLength(6);
    expect(recentOrders.map((order) => order.createdAt)).toEqual([
      '2026-11-22T05:00:00.000Z',
      '2026-11-22T04:00:00.000Z',
      '2026-11-22T03:00:00.000Z',
      '2026-11-22T02:00:00.000Z',
      '2026-11-22T01:00:00.000Z',
      '2026-11-21T18:30:00.000Z',
    ]);
    expect(recentOrders[0]).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', total: 8000, customerName: 'Mira Night' });
  });

  it('lists the five products lowest in stock, leaving out archived ones', async () => {
    await shop.database.db.update(products).set({ inventory: 40 });
    const all = await shop.database.db.select({ id: products.id }).from(products).orderBy(asc(products.id));
    await setInventory(shop, all[0]!.id, 0, true);
    await setInventory(shop, all[1]!.id, 0);
    await setInventory(shop, all[2]!.id, 2);
    const { lowStock } = await dashboard();
    expect(lowStock).toHaveLength(5);
    expect(lowStock.slice(0, 2).map((product) => [product.id, product.inventory])).toEqual([
      [all[1]!.id, 0],
      [all[2]!.id, 2],
    ]);
    expect(lowStock.map((product) => product.id)).not.toContain(all[0]!.id);
    expect(lowStock[0]!.category).toEqual(expect.any(String));
    const inventories = lowStock.map((product) => product.inventory);
    expect(inventories).toEqual([...inventories].sort((a, b) => a - b));
  });

  it('refuses an unknown period, naming the field', async () => {
    const response = await call(shop, 'GET', '/api/admin/dashboard?period=fortnight', { token: shop.admin });
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]).toEqual({ field: 'period', message: 'period must be one of today, week, month, quarter, year' });
  });

  it('is for admins only', async () => {
    expect((await call(shop, 'GET', '/api/admin/dashboard')).status).toBe(401);
    expect((await call(shop, 'GET', '/api/admin/dashboard', { token: shop.fixture.regular.token })).status).toBe(403);
  });
});
