import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../tests/support/test-app.ts';

const TOKEN = 'metrics-token-of-the-coven';
const lines: string[] = [];
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop({ env: { LOG_LEVEL: 'info', METRICS_TOKEN: TOKEN }, logStream: { write: (line) => void lines.push(line) } });
});
afterAll(async () => {
  await shop?.close();
});

const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('request ids and the request log', () => {
  it('answers every request with an X-Request-Id and logs it once, as one JSON line with route, status and time', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/products?limit=2' });
    const id = response.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const mine = logged().filter((line) => line.requestId === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ msg: 'request', method: 'GET', url: '/api/products?limit=2', route: '/api/products', status: 200 });
    expect(typeof mine[0]!.ms).toBe('number');
  });

  it("keeps a proxy's request id that looks like one, and replaces anything else", async () => {
    const kept = await shop.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'edge-4f2a9c11' } });
    expect(kept.headers['x-request-id']).toBe('edge-4f2a9c11');
    const replaced = await shop.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'x"} forged\nline' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('redacts the token of a reset link in the log', async () => {
    await shop.app.inject({ method: 'GET', url: '/api/products?token=secret-reset-key' });
    expect(lines.join('')).not.toContain('secret-reset-key');
  });
});

describe('GET /metrics', () => {
  it('needs the METRICS_TOKEN', async () => {
    expect((await shop.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await shop.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-of-the-coven' } })).statusCode).toBe(401);
  });

  it('reports requests by route and status with latency, pool, streams, jobs, orders and payments', async () => {
    await shop.app.inject({ method: 'GET', url: '/api/products/categories' });
    await shop.app.inject({ method: 'GET', url: '/api/no-such-route-7' });
    const response = await shop.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/products\/categories",status="200"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/api\/products\/categories",status="200"\} 1/);
    // A path no route knows is one series however many such paths are tried.
    expect(text).toMatch(/http_requests_total\{method="GET",route="unmatched",status="404"\} 1/);
    expect(text).not.toContain('no-such-route-7');
    expect(text).toMatch(/^sse_connections 0$/m);
    expect(text).toContain('# TYPE job_queue_jobs gauge');
    expect(text).toContain('# TYPE shop_orders gauge');
    expect(text).toContain('# TYPE shop_payments gauge');
    expect(text).toContain('# TYPE page_cache_requests_total counter');
    expect(text).toContain('process_cpu_seconds_total');
    if (shop.database.driver === 'postgres') expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
  });
});

describe('health and readiness', () => {
  it('is live and ready once the database carries every migration', async () => {
    expect((await shop.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ status: 'ok', database: 'up' });
    expect((await shop.app.inject({ method: 'GET', url: '/api/ready' })).json()).toMatchObject({ success: true, status: 'ready' });
  });
});
