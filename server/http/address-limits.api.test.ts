import { count, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.ts';
import { call, registration } from '../../tests/support/accounts.ts';
import { startTestShop, type TestShop } from '../../tests/support/test-app.ts';

let shop: TestShop;

beforeAll(async () => {
  // The shop's own defaults: five accounts an hour and thirty coupon checks in ten minutes per address.
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.close();
});

describe('registrations per client address', () => {
  it('lets at most five of thirty parallel registrations from one address through, refuses the rest with 429 and Retry-After, and another address still registers', async () => {
    const bodies = Array.from({ length: 30 }, () => registration({ email: `burst.${Math.random().toString(36).slice(2)}@deosil.test` }));
    const answers = await Promise.all(bodies.map((body) => call(shop, 'POST', '/api/auth/register', { body, ip: '192.0.2.50' })));
    const created = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(created.length).toBe(5);
    expect(refused.length).toBe(25);
    for (const answer of refused) {
      const retryAfter = Number(answer.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(answer.body).toMatchObject({ success: false, message: expect.stringMatching(/^Too many new accounts from this network\. Please try again in \d+ minutes?\.$/) });
    }
    const [stored] = await shop.database.db.select({ n: count() }).from(users).where(like(users.email, 'burst.%'));
    expect(stored!.n).toBe(5);

    const neighbour = await call(shop, 'POST', '/api/auth/register', { body: registration(), ip: '192.0.2.51' });
    expect(neighbour.status).toBe(201);
  });
});

describe('coupon checks per client address', () => {
  it('answers 429 with Retry-After after thirty checks in ten minutes from one address, and another address may still check', async () => {
    const check = (ip: string) => call(shop, 'POST', '/api/coupons/validate', { body: { couponCode: 'NOSUCHCODE', orderAmount: 1000 }, ip });
    for (let attempt = 0; attempt < 30; attempt += 1) expect((await check('192.0.2.60')).status).toBe(404);
    const refused = await check('192.0.2.60');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(540);
    expect(refused.body).toMatchObject({ success: false, message: expect.stringMatching(/^Too many coupon checks from this network\. Please try again in 10 minutes\.$/) });
    expect((await check('192.0.2.61')).status).toBe(404);
  });
});
