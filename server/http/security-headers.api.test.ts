import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer } from '../../tests/support/accounts.ts';
import { startTestShop, type TestShop } from '../../tests/support/test-app.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop({ seed: false });
});
afterAll(async () => {
  await shop?.close();
});

describe('security headers', () => {
  it('keeps camera, microphone and location off and lets only Razorpay ask for payment', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(), payment=("https://api.razorpay.com" "https://checkout.razorpay.com")');
  });

  it('sends the same headers on the live notification stream as on any other answer', async () => {
    const { token } = await registerCustomer(shop);
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (shop.app.server.address() as AddressInfo).port;
    const plain = await shop.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    const controller = new AbortController();
    const stream = await fetch(`http://127.0.0.1:${port}/api/notifications/stream`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
    try {
      expect(stream.headers.get('content-type')).toContain('text/event-stream');
      for (const name of ['permissions-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'strict-transport-security', 'cross-origin-opener-policy']) {
        expect(stream.headers.get(name), name).toBe(plain.headers[name]);
        expect(stream.headers.get(name), name).toBeTruthy();
      }
      expect(stream.headers.get('content-security-policy')).toContain("default-src 'self'");
    } finally {
      controller.abort();
    }
  });
});
