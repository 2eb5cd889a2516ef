import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer } from '../../../tests/support/accounts.ts';
import { staffMember } from '../../../tests/support/staff.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { BUILT_IN_ROLE_KEYS, BUILT_IN_ROLES, isPermission, type BuiltInRoleKey } from '../../../domain/staff-roles.ts';
import { isAdminPath, isPublicAdminRoute } from '../accounts/auth-plugin.ts';

/**
 * Every back-office route declares the permission it needs beside itself, the OpenAPI document states it, and the
 * server holds every built-in role to it: the matrix below is generated from the route table, so a route added
 * tomorrow is checked for every role the moment it exists.
 */

interface Operation {
  'x-requires'?: string;
  'x-permission'?: string;
  description?: string;
}

let shop: TestShop;
let paths: Record<string, Record<string, Operation>>;
const tokens = {} as Record<BuiltInRoleKey, string>;

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const samplePath = (url: string) => url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');

/** Staff routes: under /api/admin but the sign-in steps, and any route elsewhere whose guard is a staff one. */
const staffRoutes = () =>
  shop.app.routeList.filter((route) => {
    if (route.method === 'HEAD') return false;
    const operation = paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
    return (isAdminPath(route.url) && !isPublicAdminRoute(route.method, route.url)) || operation?.['x-requires'] === 'admin';
  });

const needOf = (method: string, url: string) => paths[openApiPath(url)]?.[method.toLowerCase()]?.['x-permission'];

beforeAll(async () => {
  shop = await startTestShop({ seed: false });
  paths = (await shop.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
  for (const role of BUILT_IN_ROLE_KEYS) tokens[role] = (await staffMember(shop, role)).token;
});
afterAll(async () => {
  await shop?.close();
});

describe('every staff route', () => {
  it('declares a permission (or "any staff") next to itself, and the API reference states it', () => {
    const routes = staffRoutes();
    expect(routes.length).toBeGreaterThan(75);
    const undeclared = routes.filter(({ method, url }) => {
      const need = needOf(method, url);
      return !need || need === 'undeclared' || !(need === 'any-staff' || need.split(' | ').every(isPermission));
    });
    expect(undeclared.map(({ method, url }) => `${method} ${url}: ${needOf(method, url) ?? 'nothing'}`)).toEqual([]);
    // The catalogue writes outside /api/admin are staff routes too.
    expect(needOf('POST', '/api/products')).toBe('products.write');
    expect(paths['/api/admin/orders/{orderId}/refund']?.post?.description).toContain('`orders.refund`');
  });

  it('answers each built-in role as its permissions say: 403 naming the missing permission, anything else when it holds one', async () => {
    const wrong: string[] = [];
    let allowed = 0;
    let refused = 0;
    for (const { method, url } of staffRoutes()) {
      const need = needOf(method, url)!;
      // A stream stays open and signing out ends the session the matrix uses; both are checked for refusal only.
      const endless = url.endsWith('/stream') || url === '/api/admin/logout';
      for (const role of BUILT_IN_ROLE_KEYS) {
        const held = BUILT_IN_ROLES[role].permissions as readonly string[];
        const expected = need === 'any-staff' || need.split(' | ').some((permission) => held.includes(permission));
        if (expected && endless) continue;
        const response = await shop.app.inject({ method: method as 'GET', url: samplePath(url), headers: { authorization: `Bearer ${tokens[role]}` }, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
        const body = (response.headers['content-type']?.toString().startsWith('application/json') ? response.json() : {}) as { message?: string; errors?: { field: string; message: string }[] };
        const namedPermission = response.statusCode === 403 && body.errors?.some((error) => error.field === 'permission');
        if (expected) {
          allowed += 1;
          if (namedPermission || response.statusCode === 401) wrong.push(`${role} ${method} ${url}: refused ${response.statusCode} ${body.message}`);
        } else {
          refused += 1;
          const first = need.split(' | ')[0]!;
          if (response.statusCode !== 403 || !body.message?.includes(first)) wrong.push(`${role} ${method} ${url}: answered ${response.statusCode} ${body.message}, expected 403 naming ${first}`);
        }
      }
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
    expect(allowed).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  });

  it('gives the roles the issue describes: the packer ships but sees no tax report and refunds nothing', async () => {
    const as = (role: BuiltInRoleKey, method: 'GET' | 'POST' | 'PUT', url: string) =>
      shop.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[role]}` }, ...(method === 'GET' ? {} : { payload: {} }) });
    const id = '00000000-0000-4000-8000-000000000000';
    const cases: [BuiltInRoleKey, 'GET' | 'POST' | 'PUT', string, 'allowed' | string][] = [
      ['fulfilment', 'GET', '/api/admin/orders', 'allowed'],
      ['fulfilment', 'GET', '/api/admin/shipments', 'allowed'],
      ['fulfilment', 'GET', '/api/admin/reports/gst?month=2026-10', 'tax.read'],
      ['fulfilment', 'POST', `/api/admin/orders/${id}/refund`, 'orders.refund'],
      ['fulfilment', 'GET', '/api/admin/users', 'customers.read'],
      ['support', 'GET', '/api/admin/users', 'allowed'],
      ['support', 'PUT', `/api/admin/orders/${id}/status`, 'orders.fulfil'],
      ['support', 'GET', '/api/admin/staff', 'staff.manage'],
      ['accountant', 'GET', '/api/admin/reports/gst?month=2026-10', 'allowed'],
      ['accountant', 'GET', '/api/admin/users', 'customers.read'],
      ['manager', 'GET', '/api/admin/staff', 'staff.manage'],
      ['manager', 'PUT', '/api/admin/shipping/zones/1', 'settings.write'],
      ['manager', 'GET', '/api/admin/audit', 'allowed'],
      ['owner', 'GET', '/api/admin/staff', 'allowed'],
    ];
    for (const [role, method, url, expected] of cases) {
      const response = await as(role, method, url);
      if (expected === 'allowed') expect(response.statusCode, `${role} ${method} ${url}`).not.toBe(403);
      else {
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(response.json().message).toBe(`Your role (${BUILT_IN_ROLES[role].name}) does not include the permission ${expected}`);
      }
    }
  });

  it('refuses a customer token on every staff route with 403, and a return action the role does not hold', async () => {
    const { token } = await registerCustomer(shop);
    for (const { method, url } of staffRoutes()) {
      const response = await shop.app.inject({ method: method as 'GET', url: samplePath(url), headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    // The packer may receive returns but not approve them: the route lets both in, the action decides.
    const approve = await shop.app.inject({ method: 'PUT', url: '/api/admin/returns/1', headers: { authorization: `Bearer ${tokens.fulfilment}` }, payload: { action: 'approve' } });
    expect(approve.statusCode).toBe(403);
    expect(approve.json().message).toContain('returns.approve');
    const receive = await shop.app.inject({ method: 'PUT', url: '/api/admin/returns/1', headers: { authorization: `Bearer ${tokens.fulfilment}` }, payload: { action: 'receive' } });
    expect(receive.statusCode).toBe(404);
  });
});
