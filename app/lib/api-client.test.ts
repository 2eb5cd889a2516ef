import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ApiRequestError } from './api-client.ts';

/**
 * A real server whose first answer to each path is lost (the connection drops after the request arrived, as on a
 * flaky mobile network) or is a 429; it counts what reached it.
 */
let server: Server;
const arrived = new Map<string, number>();
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = createServer((request, response) => {
    const key = `${request.method} ${request.url}`;
    const count = (arrived.get(key) ?? 0) + 1;
    arrived.set(key, count);
    request.resume();
    request.on('end', () => {
      if (count === 1 && request.url?.startsWith('/api/lost')) return void request.socket.destroy();
      if (count === 1 && request.url?.startsWith('/api/busy')) return void response.writeHead(429, { 'content-type': 'application/json' }).end('{"success":false,"message":"Too many"}');
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The browser resolves '/api/…' against the page; here the page is this server.
  globalThis.fetch = (input, init) => realFetch(new URL(String(input), base), init);
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await new Promise((resolve) => server.close(resolve));
});

describe('the browser API client', () => {
  it('tries a read again after a lost answer or a 429', async () => {
    await expect(api('/lost/products')).resolves.toEqual({ success: true });
    expect(arrived.get('GET /api/lost/products')).toBe(2);
    await expect(api('/busy/products')).resolves.toEqual({ success: true });
    expect(arrived.get('GET /api/busy/products')).toBe(2);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('never sends a %s twice, so a lost answer cannot open a second payment order', async (method) => {
    const lost = api(`/lost/payments/${method}`, { method, body: { items: [] } });
    await expect(lost).rejects.toBeInstanceOf(ApiRequestError);
    await expect(lost).rejects.toMatchObject({ status: 0 });
    expect(arrived.get(`${method} /api/lost/payments/${method}`)).toBe(1);

    await expect(api(`/busy/payments/${method}`, { method, body: {} })).rejects.toMatchObject({ status: 429 });
    expect(arrived.get(`${method} /api/busy/payments/${method}`)).toBe(1);
  });
});
