import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { contactMessages, newsletterSubscribers } from '../../db/schema/storefront.ts';

let shop: TestShop;
let clientNumber = 0;

beforeAll(async () => {
  shop = await startTestShop({ seed: false });
});
afterAll(async () => {
  await shop?.close();
});

/** Each call comes from its own client address, so the per-address rate limit only shows where a test wants it. */
function post(url: string, payload: unknown, remoteAddress = `10.0.0.${(clientNumber += 1)}`) {
  return shop.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress });
}

const subscribers = () => shop.database.db.select().from(newsletterSubscribers);
const messages = () => shop.database.db.select().from(contactMessages);
const tenKilobytes = 'x'.repeat(10 * 1024);

describe('POST /api/newsletter', () => {
  it('subscribes an address once, and a repeat is a friendly no-op', async () => {
    const first = await post('/api/newsletter', { email: '  Moon.Child@Example.in ' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, subscribed: true });

    const again = await post('/api/newsletter', { email: 'moon.child@example.in' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ success: true, subscribed: false });
    expect(again.json().message).toMatch(/already/i);

    const rows = await subscribers();
    expect(rows.map((row) => row.email)).toEqual(['moon.child@example.in']);
  });

  it.each([
    ['a malformed address', { email: 'not-an-email' }, 'Please enter a valid email'],
    ['an empty address', { email: '   ' }, 'Email is required'],
    ['a missing address', {}, 'Email is required'],
    ['a 10 KB address', { email: `${tenKilobytes}@example.in` }, 'Email must be at most 254 characters'],
  ])('refuses %s with 400 naming the field, storing nothing', async (_label, payload, message) => {
    const before = (await subscribers()).length;
    const response = await post('/api/newsletter', payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.errors).toContainEqual({ field: 'email', message });
    expect(await subscribers()).toHaveLength(before);
  });

  it('answers 429 with Retry-After once one address posts too often', async () => {
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 12; i += 1) {
      const response = await post('/api/newsletter', { email: `flood${i}@example.in` }, '10.9.9.9');
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        retryAfter = String(response.headers['retry-after']);
        expect(response.json()).toMatchObject({ success: false });
      }
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

describe('POST /api/contact', () => {
  const valid = { name: 'Meera Iyer', email: 'meera@example.in', subject: 'Custom blend', message: 'Could you blend Valor without the leather?' };

  it('stores the message for the back office', async () => {
    const response = await post('/api/contact', valid);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ success: true });
    expect(response.json().message).toMatch(/24 hours/);

    const rows = await messages();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...valid, handledAt: null });
  });

  it('keeps a second message with the same text: people write twice on purpose', async () => {
    const response = await post('/api/contact', valid);
    expect(response.statusCode).toBe(201);
    expect(await messages()).toHaveLength(2);
  });

  it.each([
    ['name', ''],
    ['email', 'meera-at-example'],
    ['subject', '   '],
    ['message', undefined],
  ])('refuses a missing or invalid %s with 400, storing nothing', async (field, value) => {
    const before = (await messages()).length;
    const response = await post('/api/contact', { ...valid, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((error: { field: string }) => error.field)).toContain(field);
    expect(await messages()).toHaveLength(before);
  });

  it.each(['name', 'email', 'subject', 'message'])('refuses a 10 KB %s with 400 naming it, storing nothing', async (field) => {
    const before = (await messages()).length;
    const response = await post('/api/contact', { ...valid, [field]: field === 'email' ? `${tenKilobytes}@example.in` : tenKilobytes });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.errors).toEqual([{ field, message: expect.stringMatching(/at most \d+ characters/) }]);
    expect(await messages()).toHaveLength(before);
  });
});
