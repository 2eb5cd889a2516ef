import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../tests/support/test-database.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';

let database: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }), database });
  // The storefront answers every other path, every method, with its HTML (server/http/pages.ts); this stands in
  // for it so the API's own answers are checked against a catch-all like the real one.
  app.route({ method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], url: '/*', handler: async (_request, reply) => reply.type('text/html').send('<!doctype html><h1>Lost in the mist</h1>') });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('unknown and wrong-method API calls', () => {
  it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const)('answers %s on an unknown /api path with JSON 404, never the HTML page', async (method) => {
    const response = await app.inject({ method, url: '/api/spellbook/42?x=1', ...(method === 'GET' ? {} : { payload: {} }) });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ success: false, message: `No API route for ${method} /api/spellbook/42` });
  });

  it('answers a known path asked with the wrong method with JSON 405 and Allow', async () => {
    const health = await app.inject({ method: 'POST', url: '/api/health', payload: {} });
    expect(health.statusCode).toBe(405);
    expect(health.headers.allow).toBe('GET, HEAD');
    expect(health.json()).toMatchObject({ success: false, message: expect.stringContaining('POST is not allowed on /api/health') });

    const product = await app.inject({ method: 'POST', url: '/api/products/valor' });
    expect(product.statusCode).toBe(405);
    expect(String(product.headers.allow).split(', ').sort()).toEqual(['DELETE', 'GET', 'HEAD', 'PUT']);
  });

  it('leaves the pages their catch-all', async () => {
    const page = await app.inject({ method: 'GET', url: '/spellbook' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

