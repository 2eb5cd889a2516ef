import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResponse } from '../../../contracts/admin-dashboard.ts';
import type { AnalyticsResponse } from '../../../contracts/analytics.ts';
import { orders } from '../../db/schema/index.ts';
import { getOk, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { insertOrder, twoProducts } from '../../../tests/support/order-rows.ts';
import { REPORTING_NOW } from '../../../tests/support/reporting-fixture.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

let shop: TestShop;
let admin: string;
let awaitingId: string;

/**
 * This week (from 18:30 UTC on the 15th): two orders paid online, and four placed as cash on delivery: one
 * collected, one returned to origin, one still awaiting confirmation and one cancelled unconfirmed. The week
 * before: one paid online and one COD collected.
 */
beforeAll(async () => {
  shop = await startTestShop({ clock: () => REPORTING_NOW });
  admin = await signInAdmin(shop);
  const db = shop.database.db;
  const [potion] = await twoProducts(db);
  const { user } = await registerCustomer(shop);
  const line = (unitPricePaise: number) => [{ productId: potion.id, categoryId: potion.categoryId, quantity: 1, unitPricePaise }];
  const place = (createdAt: string, unitPricePaise: number, extra: Partial<Parameters<typeof insertOrder>[1]> = {}) =>
    insertOrder(db, { userId: user.id, createdAt: new Date(createdAt), lines: line(unitPricePaise), ...extra });
  const fee = { feePaise: 4_900 };

  await place('2026-11-20T05:00:00Z', 100_000);
  await place('2026-11-21T05:00:00Z', 50_000);
  await place('2026-11-19T05:00:00Z', 100_000, { status: 'delivered', paymentStatus: 'paid', cod: { ...fee, confirmedAt: '2026-11-19T06:00:00Z', collectedAt: '2026-11-21T10:00:00Z' } });
  await place('2026-11-18T05:00:00Z', 200_000, {
    status: 'cancelled',
    paymentStatus: 'not_collected',
    cod: { ...fee, confirmedAt: '2026-11-18T06:00:00Z', returnedAt: '2026-11-21T11:00:00Z' },
  });
  awaitingId = (await place('2026-11-22T03:00:00Z', 300_000, { paymentStatus: 'cod_pending', cod: fee })).id;
  await place('2026-11-17T05:00:00Z', 400_000, { status: 'cancelled', paymentStatus: 'not_collected', cod: fee });

  await place('2026-11-12T05:00:00Z', 70_000);
  await place('2026-11-13T05:00:00Z', 80_000, { status: 'delivered', paymentStatus: 'paid', cod: { ...fee, confirmedAt: '2026-11-13T06:00:00Z', collectedAt: '2026-11-14T10:00:00Z' } });
});
afterAll(async () => {
  await shop?.close();
});

const get = <T>(path: string) => getOk<T>(shop, path, admin);

describe('cash on delivery in the reports', () => {
  it('counts COD revenue only once the cash is collected', async () => {
    const { stats } = await get<DashboardResponse>('/api/admin/dashboard?period=week');
    // ₹1,000 + ₹500 online and ₹1,049 collected (₹1,000 and the ₹49 fee); returned, cancelled and unconfirmed count nothing.
    expect(stats.revenue.value).toBe(2549);
    expect(stats.orders.value).toBe(3);
    expect(stats.revenue.previous).toBe(700 + 849);
  });

  it('shows the COD share of the orders placed and the RTO rate of those that reached the door', async () => {
    const { stats } = await get<DashboardResponse>('/api/admin/dashboard?period=week');
    expect(stats.cashOnDelivery).toEqual({
      // 4 of the 6 orders placed this week; 1 of 2 the week before.
      codShare: { value: 66.7, previous: 50, change: 33.4 },
      // 1 returned of the 2 that reached an end (the unconfirmed and the cancelled never left); none the week before.
      rtoRate: { value: 50, previous: 0, change: null },
      codOrders: 4,
      collected: 1,
      returned: 1,
    });
  });

  it('gives analytics the same figures for the same days', async () => {
    const { kpis } = await get<AnalyticsResponse>('/api/admin/analytics?period=7days');
    expect(kpis.cashOnDelivery.codShare.value).toBe(66.7);
    expect(kpis.cashOnDelivery.rtoRate.value).toBe(50);
    expect(kpis.revenue.value).toBe(2549);
  });

  it('adds the order to revenue, and to the collected side of the RTO rate, when its cash is collected', async () => {
    await shop.database.db
      .update(orders)
      .set({ status: 'delivered', paymentStatus: 'paid', codConfirmedAt: new Date('2026-11-22T03:10:00Z'), codCollectedAt: new Date('2026-11-22T05:00:00Z') })
      .where(eq(orders.id, awaitingId));
    const { stats } = await get<DashboardResponse>('/api/admin/dashboard?period=week');
    expect(stats.revenue.value).toBe(2549 + 3049);
    expect(stats.cashOnDelivery).toMatchObject({ collected: 2, returned: 1, rtoRate: { value: 33.3 } });
  });
});
