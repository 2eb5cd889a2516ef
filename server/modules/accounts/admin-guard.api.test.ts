import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { users } from '../../db/schema/index.ts';
import { bootstrapAdmins, DEMO_ADMIN, demoAdminOf } from './admin-bootstrap.ts';
import { isAdminPath, isPublicAdminRoute } from './auth-plugin.ts';
import { PERMISSION_NAMES } from '../../../domain/staff-roles.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop({ seed: false });
});
afterAll(async () => {
  await shop?.close();
});

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

describe('every /api/admin route', () => {
  it('answers 401 without a token and 403 with a customer token, walking the whole route table', async () => {
    const { token: customer } = await registerCustomer(shop);
    const adminRoutes = shop.app.routeList.filter((route) => isAdminPath(route.url) && !isPublicAdminRoute(route.method, route.url));
    // The table holds at least what this module adds; a route added later is walked the same way.
    expect(adminRoutes.length).toBeGreaterThanOrEqual(14);
    for (const route of adminRoutes) {
      const url = route.url.replace(/:[A-Za-z]+/g, SAMPLE_ID).replace(/\*$/, 'anything');
      const method = route.method as 'GET';
      const anonymous = await shop.app.inject({ method, url });
      expect(anonymous.statusCode, `${route.method} ${route.url} without a token`).toBe(401);
      const asCustomer = await shop.app.inject({ method, url, headers: { authorization: `Bearer ${customer}` } });
      expect(asCustomer.statusCode, `${route.method} ${route.url} with a customer token`).toBe(403);
    }
  });

  it('guards the catalogue writes that live outside /api/admin: every write to /api/products', async () => {
    const { token: customer } = await registerCustomer(shop);
    const writes = shop.app.routeList.filter((route) => route.url.startsWith('/api/products') && !['GET', 'HEAD'].includes(route.method));
    expect(writes.map((route) => `${route.method} ${route.url}`).sort()).toEqual(
      expect.arrayContaining(['DELETE /api/products/:id', 'PATCH /api/products/:id/inventory', 'POST /api/products', 'PUT /api/products/:id']),
    );
    for (const route of writes) {
      const url = route.url.replace(/:[A-Za-z]+/g, '1');
      const method = route.method as 'POST';
      expect((await shop.app.inject({ method, url, payload: {} })).statusCode, `${route.method} ${route.url} without a token`).toBe(401);
      const asCustomer = await shop.app.inject({ method, url, payload: {}, headers: { authorization: `Bearer ${customer}` } });
      expect(asCustomer.statusCode, `${route.method} ${route.url} with a customer token`).toBe(403);
    }
  });

  it('guards a route a later module adds with no guard of its own', async () => {
    const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }), database: shop.database });
    app.get('/api/admin/late-arrival', async () => ({ success: true, secret: 'grimoire' }));
    await app.ready();
    try {
      const { token: customer } = await registerCustomer(shop);
      expect((await app.inject({ method: 'GET', url: '/api/admin/late-arrival' })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/api/admin/late-arrival', headers: { authorization: `Bearer ${customer}` } })).statusCode).toBe(403);
      const admin = await signInAdmin(shop);
      const allowed = await app.inject({ method: 'GET', url: '/api/admin/late-arrival', headers: { authorization: `Bearer ${admin}` } });
      expect(allowed.json()).toEqual({ success: true, secret: 'grimoire' });
    } finally {
      await app.close();
    }
  });
});

describe('POST /api/admin/login', () => {
  it('signs the configured admin in and refuses a customer', async () => {
    const token = await signInAdmin(shop);
    const me = await call(shop, 'GET', '/api/admin/me', { token });
    expect(me.body).toEqual({ success: true, admin: { name: ADMIN.name, role: 'admin', email: ADMIN.email, staffRole: 'owner', roleName: 'Owner', permissions: PERMISSION_NAMES } });

    const login = await call(shop, 'POST', '/api/admin/login', { body: { email: ADMIN.email.toUpperCase(), password: ADMIN.password } });
    expect(login.body).toMatchObject({ success: true, admin: { name: ADMIN.name, role: 'admin', email: ADMIN.email }, token: expect.any(String) });

    const { user, password } = await registerCustomer(shop);
    const refused = await call(shop, 'POST', '/api/admin/login', { body: { email: user.email, password } });
    expect(refused.status).toBe(403);
    expect(refused.body.token).toBeUndefined();
    const wrong = await call(shop, 'POST', '/api/admin/login', { body: { email: ADMIN.email, password: 'wrong-password' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid credentials');
  });

  it('validates its body', async () => {
    const response = await call(shop, 'POST', '/api/admin/login', { body: { email: 'keeper' } });
    expect(response.status).toBe(400);
    expect(response.body.errors?.map((error) => error.field)).toEqual(['email', 'password']);
  });
});

describe('admin bootstrap', () => {
  it('makes the configured admin sign in with the configured password, even after it changes', async () => {
    const admin = { email: 'warden@deosil.test', password: 'first-secret-1', name: 'Warden' };
    await bootstrapAdmins(shop.database.db, { admin, demoMode: false });
    await bootstrapAdmins(shop.database.db, { admin: { ...admin, password: 'second-secret-2' }, demoMode: false });
    expect((await call(shop, 'POST', '/api/admin/login', { body: { email: admin.email, password: 'first-secret-1' } })).status).toBe(401);
    expect((await call(shop, 'POST', '/api/admin/login', { body: { email: admin.email, password: 'second-secret-2' } })).status).toBe(200);
  });

  it('never lets a customer session of the configured e-mail answer as an admin: promotion ends its sessions', async () => {
    const customer = await registerCustomer(shop, { email: 'owner@deosil.test' });
    expect((await call(shop, 'GET', '/api/auth/me', { token: customer.token })).status).toBe(200);
    await bootstrapAdmins(shop.database.db, { admin: { email: 'owner@deosil.test', password: 'owner-secret-13', name: 'Owner' }, demoMode: false });
    expect((await call(shop, 'GET', '/api/admin/users', { token: customer.token })).status).toBe(401);
    expect((await call(shop, 'GET', '/api/auth/me', { token: customer.token })).status).toBe(401);
    const signedIn = await call(shop, 'POST', '/api/admin/login', { body: { email: 'owner@deosil.test', password: 'owner-secret-13' } });
    expect(signedIn.status).toBe(200);
    expect((await call(shop, 'GET', '/api/admin/users', { token: signedIn.body.token as string })).status).toBe(200);
  });

  it('ends the sessions of an admin whose configured password changed, and keeps them when nothing changed', async () => {
    const admin = { email: 'rotated@deosil.test', password: 'first-secret-1', name: 'Rotated' };
    await bootstrapAdmins(shop.database.db, { admin, demoMode: false });
    const token = (await call(shop, 'POST', '/api/admin/login', { body: { email: admin.email, password: admin.password } })).body.token as string;
    await bootstrapAdmins(shop.database.db, { admin, demoMode: false });
    expect((await call(shop, 'GET', '/api/admin/me', { token })).status).toBe(200);
    await bootstrapAdmins(shop.database.db, { admin: { ...admin, password: 'second-secret-2' }, demoMode: false });
    expect((await call(shop, 'GET', '/api/admin/me', { token })).status).toBe(401);
  });

  it('creates the demo admin only in demo mode without a configured admin, and retires it after', async () => {
    expect(demoAdminOf({ demoMode: true, admin: undefined })).toEqual({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
    expect(demoAdminOf({ demoMode: true, admin: ADMIN })).toBeNull();
    expect(demoAdminOf({ demoMode: false, admin: undefined })).toBeNull();

    expect((await call(shop, 'GET', '/api/auth/demo-admin')).body).toEqual({ success: true, demo: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });

    expect(await bootstrapAdmins(shop.database.db, { demoMode: true, admin: undefined })).toBe('demo');
    const demoLogin = await call(shop, 'POST', '/api/admin/login', { body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
    expect(demoLogin.status).toBe(200);

    await bootstrapAdmins(shop.database.db, { demoMode: false, admin: undefined });
    const [row] = await shop.database.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
    expect(row!.status).toBe('inactive');
    expect((await call(shop, 'GET', '/api/admin/me', { token: demoLogin.body.token as string })).status).toBe(401);
    expect((await call(shop, 'POST', '/api/admin/login', { body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } })).status).toBe(403);
  });
});
