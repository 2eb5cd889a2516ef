import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer, signInAdmin } from '../../tests/support/accounts.ts';
import { startTestShop, type TestShop } from '../../tests/support/test-app.ts';
import { isApiPath } from './openapi.ts';

/**
 * An answer to a signed-in request is that person's: a shared cache (a proxy, a CDN) or the browser's own must
 * not keep it. Checked for every route the shop registers that needs a session, read from the app itself, so a
 * new route is checked the moment it exists.
 */

interface Operation {
  'x-requires'?: string;
  responses: Record<string, { content?: Record<string, unknown> }>;
}

let shop: TestShop;
let paths: Record<string, Record<string, Operation>>;

beforeAll(async () => {
  shop = await startTestShop({ seed: false });
  paths = (await shop.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
});
afterAll(async () => {
  await shop?.close();
});

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const samplePath = (url: string) => url.replace(/:(\w+)/g, '1');
/** A live stream never ends, so it cannot be asked here; it is no-store by its own header (notification-stream.ts). */
const isStream = (operation: Operation) => Object.values(operation.responses).some((response) => 'text/event-stream' in (response.content ?? {}));

describe('answers to signed-in requests', () => {
  it('carry Cache-Control: no-store on every route that needs a session, whatever the status', async () => {
    let token = await signInAdmin(shop);
    const routes = shop.app.routeList.filter((route) => isApiPath(route.url) && route.method !== 'HEAD' && route.url !== '/api/*');
    const privateRoutes = routes.filter(({ method, url }) => {
      const operation = paths[openApiPath(url)]?.[method.toLowerCase()];
      return operation && operation['x-requires'] !== 'public' && !isStream(operation);
    });
    expect(privateRoutes.length).toBeGreaterThan(60);
    const cached: string[] = [];
    for (const { method, url } of privateRoutes) {
      const ask = () => shop.app.inject({ method: method as 'GET', url: samplePath(url), headers: { authorization: `Bearer ${token}` }, remoteAddress: '192.0.2.78' });
      let response = await ask();
      // A route that ends the session (signing out) leaves the next ones a fresh one.
      if (response.statusCode === 401) {
        token = await signInAdmin(shop);
        response = await ask();
      }
      if (!/\bno-store\b/.test(String(response.headers['cache-control']))) cached.push(`${method} ${url} (${response.statusCode}): ${String(response.headers['cache-control'])}`);
    }
    expect(cached, cached.join('\n')).toEqual([]);
  });

  it('include who is signed in (GET /api/auth/me) and a public route asked with a session, but not a public answer to nobody', async () => {
    const customer = await registerCustomer(shop);
    const me = await shop.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${customer.token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const withSession = await shop.app.inject({ method: 'GET', url: '/api/products/categories', headers: { authorization: `Bearer ${customer.token}` } });
    expect(withSession.headers['cache-control']).toBe('no-store');
    const anonymous = await shop.app.inject({ method: 'GET', url: '/api/products/categories' });
    expect(anonymous.statusCode).toBe(200);
    expect(String(anonymous.headers['cache-control'] ?? '')).not.toContain('no-store');
  });
});
