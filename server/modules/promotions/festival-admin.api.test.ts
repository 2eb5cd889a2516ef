import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, festivals, promotions } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

const NOW = new Date('2026-11-21T10:00:00+05:30');
let shop: TestShop;
let admin: string;
let customer: string;

const festival = (overrides: Record<string, unknown> = {}) => ({
  name: 'Kartik Purnima',
  description: 'Lamps on the river and 10% off every potion.',
  bannerImage: '/images/potions/valor.svg',
  startDate: '2026-11-20T00:00:00+05:30',
  endDate: '2026-11-30T23:59:59+05:30',
  priority: 8,
  festivalCode: 'kartik10',
  couponType: 'percentage',
  discountPercentage: 10,
  minimumOrderAmount: 999,
  maxDiscountAmount: 500,
  usageLimit: 100,
  ...overrides,
});

const festivalCount = async () => (await shop.database.db.select({ n: count() }).from(festivals))[0]!.n;

beforeAll(async () => {
  shop = await startTestShop({ clock: () => NOW });
  admin = await signInAdmin(shop);
  customer = (await registerCustomer(shop)).token;
});
afterAll(async () => {
  await shop?.close();
});

describe('festival management', () => {
  it('creates a festival with the code upper-cased, live on the storefront at once, and audited', async () => {
    const created = await call(shop, 'POST', '/api/admin/festivals', { token: admin, body: festival() });
    expect(created.status).toBe(201);
    expect(created.body.festival).toMatchObject({ festivalCode: 'KARTIK10', discountPercentage: 10, maxDiscountAmount: 500, isLive: true });
    const active = await call(shop, 'GET', '/api/festivals/active');
    expect((active.body.festivals as { name: string }[]).map((entry) => entry.name)).toContain('Kartik Purnima');
    const coupon = await call(shop, 'POST', '/api/coupons/validate', { body: { couponCode: 'KARTIK10', orderAmount: 2000 } });
    expect(coupon.body.coupon).toMatchObject({ discountAmount: 200 });
    const [audit] = await shop.database.db.select().from(auditLog).where(eq(auditLog.action, 'festival.create'));
    expect(audit?.targetId).toBe(String((created.body.festival as { id: number }).id));
  });

  it('applies the spec defaults for what the form leaves out', async () => {
    const created = await call(shop, 'POST', '/api/admin/festivals', {
      token: admin,
      body: { name: 'Banner only', description: 'Just a banner.', bannerImage: 'https://cdn.example.in/b.webp', startDate: '2026-11-01', endDate: '2026-12-01', festivalCode: '' },
    });
    expect(created.status).toBe(201);
    expect(created.body.festival).toMatchObject({ priority: 1, festivalCode: null, couponType: 'percentage', backgroundColor: '#1a1a1a', textColor: '#ffffff', ctaText: 'Shop Now', ctaLink: '/products', minimumOrderAmount: 0, usageLimit: null });
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ description: undefined }, 'description'],
    [{ bannerImage: 'javascript:alert(1)' }, 'bannerImage'],
    [{ startDate: 'someday' }, 'startDate'],
    [{ endDate: '2026-11-19T00:00:00+05:30' }, 'endDate'],
    [{ priority: 0 }, 'priority'],
    [{ priority: 11 }, 'priority'],
    [{ discountPercentage: -1 }, 'discountPercentage'],
    [{ discountPercentage: 101 }, 'discountPercentage'],
    [{ minimumOrderAmount: -5 }, 'minimumOrderAmount'],
    [{ maxDiscountAmount: -5 }, 'maxDiscountAmount'],
    [{ usageLimit: 0 }, 'usageLimit'],
    [{ usageLimit: 2.5 }, 'usageLimit'],
    [{ festivalCode: 'NO SPACES' }, 'festivalCode'],
    [{ name: 'x'.repeat(10_240) }, 'name'],
    [{ backgroundColor: 'purple' }, 'backgroundColor'],
  ])('refuses %j naming %s, writing nothing', async (overrides, field) => {
    const before = await festivalCount();
    const response = await call(shop, 'POST', '/api/admin/festivals', { token: admin, body: festival({ festivalCode: null, ...overrides }) });
    expect(response.status).toBe(400);
    expect(response.body.errors?.map((error) => error.field)).toContain(field);
    expect(await festivalCount()).toBe(before);
  });

  it('keeps coupon codes unique among festivals', async () => {
    const response = await call(shop, 'POST', '/api/admin/festivals', { token: admin, body: festival({ name: 'Copy', festivalCode: 'Kartik10' }) });
    expect(response.status).toBe(409);
    expect(response.body.errors?.[0]?.field).toBe('festivalCode');
  });

  it('updates, toggles and deletes, each leaving an audit record', async () => {
    const created = await call(shop, 'POST', '/api/admin/festivals', { token: admin, body: festival({ name: 'Sharad', festivalCode: 'SHARAD5', discountPercentage: 5 }) });
    const id = (created.body.festival as { id: number }).id;
    const updated = await call(shop, 'PUT', `/api/admin/festivals/${id}`, { token: admin, body: festival({ name: 'Sharad Purnima', festivalCode: 'SHARAD5', couponType: 'fixed', discountPercentage: 250 }) });
    expect(updated.body.festival).toMatchObject({ name: 'Sharad Purnima', couponType: 'fixed', discountPercentage: 250, maxDiscountAmount: null });
    const toggled = await call(shop, 'PATCH', `/api/admin/festivals/${id}/toggle`, { token: admin });
    expect(toggled.body.festival).toMatchObject({ isActive: false, isLive: false });
    expect((await call(shop, 'POST', '/api/coupons/validate', { body: { couponCode: 'SHARAD5', orderAmount: 2000 } })).status).toBe(422);
    expect((await call(shop, 'DELETE', `/api/admin/festivals/${id}`, { token: admin })).status).toBe(200);
    expect((await call(shop, 'DELETE', `/api/admin/festivals/${id}`, { token: admin })).status).toBe(404);
    const actions = (await shop.database.db.select().from(auditLog).where(eq(auditLog.targetId, String(id)))).map((row) => row.action).sort();
    expect(actions).toEqual(['festival.create', 'festival.delete', 'festival.toggle', 'festival.update']);
  });

  it('will not set a usage limit below the uses already made', async () => {
    const created = await call(shop, 'POST', '/api/admin/festivals', { token: admin, body: festival({ name: 'Used', festivalCode: 'USED3' }) });
    const id = (created.body.festival as { id: number }).id;
    await shop.database.db.update(promotions).set({ usedCount: 3 }).where(eq(promotions.festivalId, id));
    const response = await call(shop, 'PUT', `/api/admin/festivals/${id}`, { token: admin, body: festival({ name: 'Used', festivalCode: 'USED3', usageLimit: 2 }) });
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.field).toBe('usageLimit');
  });

  it('is for admins only', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/festivals'],
      ['POST', '/api/admin/festivals'],
      ['PUT', '/api/admin/festivals/1'],
      ['DELETE', '/api/admin/festivals/1'],
      ['PATCH', '/api/admin/festivals/1/toggle'],
    ] as const) {
      expect((await call(shop, method, url, { body: method === 'GET' || method === 'DELETE' || method === 'PATCH' ? undefined : festival() })).status, `${method} ${url}`).toBe(401);
      expect((await call(shop, method, url, { token: customer, body: method === 'GET' || method === 'DELETE' || method === 'PATCH' ? undefined : festival() })).status, `${method} ${url}`).toBe(403);
    }
  });
});
