import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerCustomer } from '../../../tests/support/accounts.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop({ env: { GIFT_CARD_CODE_RATE_LIMIT: '3' } });
});
afterAll(async () => {
  await shop?.close();
});

const guess = (token: string, ip: string, code = 'ABCD-EFGH-JKLM-NPQR') => call(shop, 'POST', '/api/gift-cards/check', { token, ip, body: { code } });

describe('trying gift card codes', () => {
  it('lets one account try GIFT_CARD_CODE_RATE_LIMIT codes in ten minutes, then answers 429 with Retry-After, from any address', async () => {
    const guesser = await registerCustomer(shop);
    const statuses = [];
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4']) statuses.push((await guess(guesser.token, ip)).status);
    expect(statuses).toEqual([404, 404, 404, 429]);
    const refused = await guess(guesser.token, '198.51.100.5');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ success: false, message: expect.stringMatching(/^Too many gift card codes tried\. Please try again in \d+ minutes?\.$/) });
  });

  it('lets one address try as many, whichever accounts it signs in with, and leaves other addresses alone', async () => {
    const statuses = [];
    for (let account = 0; account < 4; account += 1) statuses.push((await guess((await registerCustomer(shop)).token, '198.51.100.77')).status);
    expect(statuses).toEqual([404, 404, 404, 429]);
    expect((await guess((await registerCustomer(shop)).token, '198.51.100.78')).status).toBe(404);
  });
});
