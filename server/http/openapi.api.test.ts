import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { $ZodType } from 'zod/v4/core';
import { registerCustomer, signInAdmin } from '../../tests/support/accounts.ts';
import { startTestShop, type TestShop } from '../../tests/support/test-app.ts';
import { API_DOCS_CSP } from './api-docs-routes.ts';
import { isApiPath } from './openapi.ts';

/**
 * The OpenAPI document is the API's reference: every /api route the shop registers must be in it, with its request
 * schemas, a response schema for its success, and who may call it; and that last claim must be what the route
 * does. The routes are read from the app itself, so a new route is checked the moment it exists.
 */

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  security?: Record<string, string[]>[];
  'x-requires'?: string;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
}

const HOW_TO = 'See "API contracts" in README.md: a JSON answer declares `schema: { response: { 200: someResponseSchema } }` (the zod contract in contracts/), a file, stream, page or redirect declares contentResponse(...) or redirectResponse(...) from server/http/openapi.ts.';

let shop: TestShop;
let document: OpenApiDocument;
let customerToken: string;
let adminToken: string;

/** The operations to check: every /api route but Fastify's automatic HEADs and the catch-all that answers unknown paths. */
const apiRoutes = () => shop.app.routeList.filter((route) => isApiPath(route.url) && route.method !== 'HEAD' && route.url !== '/api/*');
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const samplePath = (url: string) => url.replace(/:(\w+)/g, '1');
const isSuccess = (code: string) => /^[23](\d\d|xx)$/i.test(code);

beforeAll(async () => {
  shop = await startTestShop({ seed: false });
  customerToken = (await registerCustomer(shop)).token;
  adminToken = await signInAdmin(shop);
  const response = await shop.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(async () => {
  await shop?.close();
});

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the session token as its security scheme', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes).toEqual({ session: expect.objectContaining({ type: 'http', scheme: 'bearer' }) });
  });

  it('lists every /api route with its request schemas and a response schema for its success', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(80);
    const problems: string[] = [];
    for (const { method, url, schema } of routes) {
      const name = `${method} ${url}`;
      const operation = document.paths[openApiPath(url)]?.[method.toLowerCase()];
      if (!operation) {
        problems.push(`${name}: missing from /api/openapi.json (is its schema marked hide?)`);
        continue;
      }
      if (schema?.body && !operation.requestBody?.content['application/json']?.schema) problems.push(`${name}: its body schema is not in the document`);
      const inQuery = operation.parameters?.filter((parameter) => parameter.in === 'query') ?? [];
      if (schema?.querystring && inQuery.length === 0) problems.push(`${name}: its querystring schema is not in the document`);
      for (const param of url.match(/:\w+/g) ?? []) {
        if (!operation.parameters?.some((parameter) => parameter.in === 'path' && parameter.name === param.slice(1))) problems.push(`${name}: path parameter ${param} is not in the document`);
      }
      const declared = Object.entries((schema?.response ?? {}) as Record<string, unknown>).filter(([code]) => isSuccess(code));
      if (declared.length === 0) {
        problems.push(`${name}: declares no response for its success status. ${HOW_TO}`);
        continue;
      }
      for (const [code, entry] of declared) {
        const documented = operation.responses[code];
        if (!documented) problems.push(`${name}: its ${code} response is not in the document`);
        else if (entry instanceof $ZodType && !documented.content?.['application/json']?.schema) problems.push(`${name}: its ${code} JSON schema is not in the document`);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('gives every /api route the shared error body for its 4xx and 5xx answers', () => {
    const missing = apiRoutes()
      .filter(({ method, url }) => {
        const responses = document.paths[openApiPath(url)]?.[method.toLowerCase()]?.responses ?? {};
        return !['4XX', '5XX'].every((code) => JSON.stringify(responses[code]).includes('#/components/schemas/ApiError'));
      })
      .map(({ method, url }) => `${method} ${url}`);
    expect(missing).toEqual([]);
  });

  it('resolves every reference from the document root, as readers such as Swagger UI do', () => {
    // A named schema carrying its own $id would rebase the references to it, and readers could not open them.
    const schemas = (document as unknown as { components: { schemas: Record<string, Record<string, unknown>> } }).components.schemas;
    expect(Object.entries(schemas).filter(([, schema]) => '$id' in schema || '$schema' in schema).map(([name]) => name)).toEqual([]);
    const text = JSON.stringify(document);
    const refs = new Set([...text.matchAll(/"\$ref":"([^"]+)"/g)].map((match) => match[1]!));
    expect(refs.size).toBeGreaterThan(0);
    const unresolved = [...refs].filter((ref) => {
      if (!ref.startsWith('#/')) return true;
      let node: unknown = document;
      for (const key of ref.slice(2).split('/')) node = (node as Record<string, unknown> | undefined)?.[key.replaceAll('~1', '/').replaceAll('~0', '~')];
      return node === undefined;
    });
    expect(unresolved).toEqual([]);
  });

  it("states who may call each route, and the route's guard agrees: 401 without a session, 403 for a customer on an admin route", async () => {
    const wrong: string[] = [];
    const counts = { public: 0, customer: 0, admin: 0 };
    for (const { method, url } of apiRoutes()) {
      const operation = document.paths[openApiPath(url)]?.[method.toLowerCase()];
      const access = operation?.['x-requires'];
      if (access !== 'public' && access !== 'customer' && access !== 'admin') {
        wrong.push(`${method} ${url}: x-requires is ${access}`);
        continue;
      }
      counts[access] += 1;
      const security = operation?.security ?? [];
      if (access === 'public' ? security.length !== 0 : JSON.stringify(security) !== '[{"session":[]}]') wrong.push(`${method} ${url}: security ${JSON.stringify(security)} for ${access}`);

      const ask = (token?: string) =>
        shop.app.inject({ method: method as 'GET', url: samplePath(url), headers: token ? { authorization: `Bearer ${token}` } : {}, remoteAddress: '192.0.2.77' });
      const anonymous = await ask();
      const refusedAnonymous = anonymous.statusCode === 401 && anonymous.json().message === 'Authentication required';
      if (access === 'public' ? refusedAnonymous : !refusedAnonymous) wrong.push(`${method} ${url}: documented ${access}, answered ${anonymous.statusCode} without a session`);
      if (access === 'admin') {
        const asCustomer = await ask(customerToken);
        if (asCustomer.statusCode !== 403) wrong.push(`${method} ${url}: documented admin, answered ${asCustomer.statusCode} to a customer`);
      }
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
    // Each kind is really exercised, so the comparison above cannot pass by finding none of one.
    expect(counts.public).toBeGreaterThan(10);
    expect(counts.customer).toBeGreaterThan(10);
    expect(counts.admin).toBeGreaterThan(10);
    expect(adminToken).toBeTruthy();
  });
});

describe('answers held to their contracts', () => {
  it('refuses to send an answer that lacks a field of its contract: 500, with nothing of it leaked', async () => {
    const drifted = vi.spyOn(shop.app.services.profile, 'recentOrders').mockResolvedValueOnce({ success: true, orders: [{ orderNumber: 'DP-1' }] } as never);
    try {
      const response = await shop.app.inject({ method: 'GET', url: '/api/profile/orders', headers: { authorization: `Bearer ${customerToken}` } });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ success: false, message: 'Something went wrong on our side. Please try again.' });
      expect(response.body).not.toContain('DP-1');
    } finally {
      drifted.mockRestore();
    }
  });

  it('leaves out what the contract does not name, so a stray column never reaches the caller', async () => {
    const me = shop.app.services.accounts.me.bind(shop.app.services.accounts);
    const leaky = vi.spyOn(shop.app.services.accounts, 'me').mockImplementationOnce(async (id) => ({ ...(await me(id)), passwordHash: '$argon2id$secret' }) as never);
    try {
      const response = await shop.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${customerToken}` } });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.email).toMatch(/@deosil\.test$/);
      expect(response.body).not.toContain('passwordHash');
      expect(leaky).toHaveBeenCalledOnce();
    } finally {
      leaky.mockRestore();
    }
  });
});

describe('the API reference page', () => {
  it('answers /api/docs with HTML under its own strict policy, and serves its script and style from the shop', async () => {
    const page = await shop.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toBe(API_DOCS_CSP);
    expect(API_DOCS_CSP).toContain("script-src 'self'");
    expect(API_DOCS_CSP).not.toMatch(/unsafe|https?:/);
    const assets = [...page.body.matchAll(/<script src="([^"]+)"|<link rel="stylesheet" href="([^"]+)"/g)].map((match) => (match[1] ?? match[2])!);
    expect(assets).toHaveLength(4);
    for (const asset of assets) {
      expect(asset).toMatch(/^\/api\/docs\/assets\//);
      const response = await shop.app.inject({ method: 'GET', url: asset, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, asset).toBe(200);
      expect(response.headers['content-type'], asset).toMatch(/^text\/(javascript|css)/);
      // Swagger UI's 1.7 MB script and its style sheet leave compressed (made once, not per request).
      if (asset.includes('/swagger-ui')) {
        expect(response.headers['content-encoding'], asset).toBe('br');
        expect(brotliDecompressSync(response.rawPayload).length, asset).toBeGreaterThan(100_000);
      }
    }
  });
});
