import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConsentCookie } from '../../../domain/cookie-consent.ts';
import { cookieConsents } from '../../db/schema/index.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ seed: false });
});
afterAll(async () => {
  await shop?.close();
});

let address = 0;
async function choose(body: unknown, cookie?: string) {
  address += 1;
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/privacy/cookie-consent',
    payload: body as object,
    headers: cookie ? { cookie } : {},
    remoteAddress: `198.51.100.${address}`,
  });
  return { status: response.statusCode, body: response.json(), setCookie: String(response.headers['set-cookie'] ?? '') };
}

const rows = () => shop.database.db.select().from(cookieConsents).orderBy(asc(cookieConsents.id));

describe('POST /api/privacy/cookie-consent', () => {
  it('logs the choice and sets the consent cookie; a change of mind keeps the visitor id', async () => {
    const first = await choose({ analytics: true, marketing: false });
    expect(first.status).toBe(200);
    expect(first.setCookie).toMatch(/^deosil_consent=1\.a-\.[0-9a-f-]{36}; Path=\/; Max-Age=15552000; SameSite=Lax$/);
    const stored = parseConsentCookie(first.body.cookie);
    expect(stored).toMatchObject({ analytics: true, marketing: false });

    const second = await choose({ analytics: false, marketing: false }, `_ga=GA1.1.5.6; deosil_consent=${first.body.cookie}`);
    expect(parseConsentCookie(second.body.cookie)).toEqual({ analytics: false, marketing: false, visitorId: stored!.visitorId });
    const logged = await rows();
    expect(logged.map((row) => [row.visitorId, row.analytics, row.marketing, row.noticeVersion])).toEqual([
      [stored!.visitorId, true, false, 1],
      [stored!.visitorId, false, false, 1],
    ]);
  });

  it('gives a garbage cookie a fresh visitor id, as no consent', async () => {
    const answer = await choose({ analytics: true, marketing: true }, 'deosil_consent=1.am.not-a-uuid-at-all-but-thirty-six-chars');
    expect(answer.status).toBe(200);
    expect(parseConsentCookie(answer.body.cookie)?.visitorId).toMatch(/^[0-9a-f]{8}-/);
  });

  it('refuses a choice that is not two booleans, naming the field, and logs nothing', async () => {
    const before = (await rows()).length;
    for (const [body, field] of [
      [{ analytics: 'yes', marketing: false }, 'analytics'],
      [{ analytics: true }, 'marketing'],
    ] as const) {
      const refused = await choose(body);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(new RegExp(field));
      expect(refused.setCookie).toBe('');
    }
    expect((await rows()).length).toBe(before);
  });
});
