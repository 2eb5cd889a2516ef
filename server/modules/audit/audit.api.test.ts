import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditListResponse } from '../../../contracts/audit.ts';
import { auditLog } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

let shop: TestShop;
let keeper: string;
let warden: string;
let wardenId: string;

beforeAll(async () => {
  shop = await startTestShop({ seed: false });
  keeper = await signInAdmin(shop);
  warden = await signInAdmin(shop, { email: 'warden@deosil.test', password: 'warden-secret-13', name: 'Night Warden' });
  wardenId = ((await call(shop, 'GET', '/api/admin/me', { token: warden })).body.admin as { email: string }).email;
});
afterAll(async () => {
  await shop?.close();
});

const festival = (name: string) => ({
  name,
  description: 'Lamps on the river.',
  bannerImage: '/images/potions/valor.svg',
  startDate: '2026-11-20T00:00:00+05:30',
  endDate: '2026-11-30T23:59:59+05:30',
});

async function list(query: string, token = keeper): Promise<AuditListResponse> {
  const response = await call(shop, 'GET', `/api/admin/audit${query}`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as unknown as AuditListResponse;
}

describe('GET /api/admin/audit', () => {
  it('lists who did what to which record and when, newest first, with before and after', async () => {
    const created = await call(shop, 'POST', '/api/admin/festivals', { token: keeper, body: festival('Diwali') });
    const id = String((created.body.festival as { id: number }).id);
    await call(shop, 'PUT', `/api/admin/festivals/${id}`, { token: warden, body: festival('Diwali Nights') });
    const { token: customer, user } = await registerCustomer(shop);
    void customer;
    await call(shop, 'PUT', `/api/admin/users/${user.id}/status`, { token: warden, body: { status: 'banned' } });

    const all = await list('');
    expect(all.entries.map((entry) => entry.action)).toEqual(['user.status', 'festival.update', 'festival.create']);
    const [ban, update, create] = all.entries as [AuditEntry, AuditEntry, AuditEntry];
    expect(ban).toMatchObject({ targetType: 'user', targetId: user.id, actor: { name: 'Night Warden', email: 'warden@deosil.test' }, actorRole: 'owner', details: { before: { status: 'active' }, after: { status: 'banned' } } });
    expect(update).toMatchObject({ targetType: 'festival', targetId: id, details: { before: { name: 'Diwali' }, after: { name: 'Diwali Nights' } } });
    expect(create).toMatchObject({ actor: { name: 'Coven Keeper' }, details: { before: null } });
    expect(Date.parse(create.createdAt)).not.toBeNaN();
    expect(all.choices.targetTypes).toEqual(['festival', 'user']);
    expect(all.choices.actors.map((actor) => actor.name)).toEqual(['Coven Keeper', 'Night Warden']);
    expect(all.pagination).toEqual({ page: 1, limit: 50, total: 3, pages: 1 });
  });

  it('filters by admin, by kind of record and by the shop’s days, and pages', async () => {
    const warden = (await list('')).choices.actors.find((actor) => actor.email === wardenId)!;
    expect((await list(`?actor=${warden.id}`)).entries.map((entry) => entry.action)).toEqual(['user.status', 'festival.update']);
    expect((await list('?targetType=festival')).entries.every((entry) => entry.targetType === 'festival')).toBe(true);

    // An entry at 23:30 IST on 1 Nov is 18:00 UTC: it belongs to 1 Nov in the shop, not 2 Nov.
    await shop.database.db.insert(auditLog).values({ actorId: null, action: 'product.update', targetType: 'product', targetId: '7', details: {}, createdAt: new Date('2026-11-01T18:00:00Z') });
    expect((await list('?from=2026-11-01&to=2026-11-01')).entries.map((entry) => entry.targetId)).toEqual(['7']);
    expect((await list('?from=2026-11-02&to=2026-11-02')).entries).toEqual([]);
    expect((await list('?to=2026-11-01')).entries[0]).toMatchObject({ actor: null, targetType: 'product' });

    const page = await list('?limit=2&page=2');
    expect(page.entries).toHaveLength(2);
    expect(page.pagination).toEqual({ page: 2, limit: 2, total: 4, pages: 2 });
  });

  it.each([
    ['?actor=someone', 'actor'],
    ['?from=yesterday', 'from'],
    ['?from=2026-11-10&to=2026-11-01', 'to'],
    ['?limit=500', 'limit'],
  ])('refuses %s naming %s', async (query, field) => {
    const response = await call(shop, 'GET', `/api/admin/audit${query}`, { token: keeper });
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.field).toBe(field);
  });
});
