import { describe, expect, it } from 'vitest';
import { call, registerCustomer } from '../../../tests/support/accounts.ts';
import { shopForFile } from '../../../tests/support/shop-for-file.ts';

const shop = shopForFile({ seed: false });

describe('GET /api/admin/users', () => {
  it('lists, searches, filters by status, sorts and counts', async () => {
    const zara = await registerCustomer(shop, { name: 'Zara Thorn', email: 'zara@deosil.test' });
    await registerCustomer(shop, { name: 'Asha Ember', email: 'asha@deosil.test' });
    await call(shop, 'PUT', `/api/admin/users/${zara.user.id}/status`, { token: shop.admin, body: { status: 'inactive' } });

    const all = await call(shop, 'GET', '/api/admin/users?sort=name', { token: shop.admin });
    expect(all.status).toBe(200);
    const names = (all.body.users as { name: string }[]).map((user) => user.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(all.body.stats).toMatchObject({ total: 3, active: 2, inactive: 1, banned: 0 });
    expect(all.body.users).toContainEqual(expect.objectContaining({ email: 'zara@deosil.test', status: 'inactive', totalOrders: 0, totalSpent: 0 }));
    expect(JSON.stringify(all.body)).not.toMatch(/passwordHash|argon2/);

    const search = await call(shop, 'GET', '/api/admin/users?search=EMBER', { token: shop.admin });
    expect((search.body.users as { name: string }[]).map((user) => user.name)).toEqual(['Asha Ember']);
    const inactive = await call(shop, 'GET', '/api/admin/users?status=inactive', { token: shop.admin });
    expect((inactive.body.users as { name: string }[]).map((user) => user.name)).toEqual(['Zara Thorn']);
    const paged = await call(shop, 'GET', '/api/admin/users?limit=1&page=2&sort=email', { token: shop.admin });
    expect(paged.body.pagination).toEqual({ page: 2, limit: 1, total: 3, pages: 3 });
  });

  it('refuses a limit over 100 and unknown filters, naming the field', async () => {
    for (const [query, field] of [
      ['limit=101', 'limit'],
      ['status=ghost', 'status'],
      ['sort=age', 'sort'],
      ['page=0', 'page'],
      [`search=${'x'.repeat(200)}`, 'search'],
    ]) {
      const response = await call(shop, 'GET', `/api/admin/users?${query}`, { token: shop.admin });
      expect(response.status, query).toBe(400);
      expect(response.body.errors?.[0]?.field).toBe(field);
    }
  });
});

describe('GET /api/admin/users/:id and PUT status', () => {
  it('shows the detail with totals and recent activity', async () => {
    const { user } = await registerCustomer(shop);
    await call(shop, 'PUT', `/api/admin/users/${user.id}/status`, { token: shop.admin, body: { status: 'inactive' } });
    const detail = await call(shop, 'GET', `/api/admin/users/${user.id}`, { token: shop.admin });
    expect(detail.status).toBe(200);
    expect(detail.body.user).toMatchObject({ id: user.id, totalOrders: 0, totalSpent: 0, status: 'inactive' });
    const actions = (detail.body.user as { recentActivity: { action: string }[] }).recentActivity.map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['Account deactivated', 'Joined the coven']));
    expect((await call(shop, 'GET', '/api/admin/users/00000000-0000-4000-8000-000000000000', { token: shop.admin })).status).toBe(404);
    expect((await call(shop, 'GET', '/api/admin/users/not-an-id', { token: shop.admin })).status).toBe(400);
  });

  it('banning ends every session of that user at once; reactivating lets them sign in again', async () => {
    const { user, token, password } = await registerCustomer(shop);
    const second = (await call(shop, 'POST', '/api/auth/login', { body: { email: user.email, password } })).body.token as string;
    const ban = await call(shop, 'PUT', `/api/admin/users/${user.id}/status`, { token: shop.admin, body: { status: 'banned' } });
    expect(ban.status).toBe(200);
    expect(ban.body.user).toMatchObject({ status: 'banned' });
    expect((await call(shop, 'GET', '/api/auth/me', { token })).status).toBe(401);
    expect((await call(shop, 'GET', '/api/notifications', { token: second })).status).toBe(401);
    const login = await call(shop, 'POST', '/api/auth/login', { body: { email: user.email, password } });
    expect(login.status).toBe(403);
    expect(login.body.message).toContain('suspended');

    await call(shop, 'PUT', `/api/admin/users/${user.id}/status`, { token: shop.admin, body: { status: 'active' } });
    expect((await call(shop, 'POST', '/api/auth/login', { body: { email: user.email, password } })).status).toBe(200);
  });

  it('deactivating ends sessions too, and an admin cannot ban or deactivate themselves', async () => {
    const { user, token } = await registerCustomer(shop);
    await call(shop, 'PUT', `/api/admin/users/${user.id}/status`, { token: shop.admin, body: { status: 'inactive' } });
    expect((await call(shop, 'GET', '/api/auth/me', { token })).status).toBe(401);

    const me = (await call(shop, 'GET', '/api/admin/users?search=keeper@deosil.test', { token: shop.admin })).body.users as { id: string }[];
    const self = await call(shop, 'PUT', `/api/admin/users/${me[0]!.id}/status`, { token: shop.admin, body: { status: 'banned' } });
    expect(self.status).toBe(409);
    expect((await call(shop, 'GET', '/api/admin/me', { token: shop.admin })).status).toBe(200);
  });

  it('refuses an unknown status naming the field, and an unknown user with 404', async () => {
    const { user } = await registerCustomer(shop);
    const bad = await call(shop, 'PUT', `/api/admin/users/${user.id}/status`, { token: shop.admin, body: { status: 'exiled' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('status');
    const missing = await call(shop, 'PUT', '/api/admin/users/00000000-0000-4000-8000-000000000000/status', { token: shop.admin, body: { status: 'banned' } });
    expect(missing.status).toBe(404);
  });
});
