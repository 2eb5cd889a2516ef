import { describe, expect, it } from 'vitest';
import { parseTouchCookie, touchCookieValue, touchesFromCookieHeader, touchOfVisit, withTouch } from './attribution.ts';

const now = new Date('2026-11-27T10:00:00.000Z');
const shop = (path: string) => new URL(`https://deosil.in${path}`);

describe('the touch of a visit', () => {
  it('takes the UTM parameters first, lower-cased and cleaned', () => {
    expect(touchOfVisit(shop('/?utm_source=Instagram&utm_medium=paid_social&utm_campaign=Diwali%20<b>2026</b>'), 'https://www.google.com/', now)).toEqual({
      source: 'instagram',
      medium: 'paid_social',
      campaign: 'diwali b2026/b',
      at: now.toISOString(),
    });
    expect(touchOfVisit(shop('/?utm_source=newsletter'), '', now)).toMatchObject({ source: 'newsletter', medium: '(none)', campaign: null });
  });

  it('takes another site as a referral and a search engine as organic; the shop itself and no referrer are no touch', () => {
    expect(touchOfVisit(shop('/products/valor'), 'https://www.facebook.com/some/post', now)).toMatchObject({ source: 'facebook.com', medium: 'referral' });
    expect(touchOfVisit(shop('/'), 'https://www.google.co.in/', now)).toMatchObject({ source: 'google.co.in', medium: 'organic' });
    expect(touchOfVisit(shop('/'), 'https://deosil.in/products', now)).toBeNull();
    expect(touchOfVisit(shop('/'), '', now)).toBeNull();
    expect(touchOfVisit(shop('/'), 'not a url', now)).toBeNull();
  });
});

describe('first and last touch', () => {
  const visit = (source: string, at: string) => ({ source, medium: 'cpc', campaign: null, at });

  it('keeps the first touch for 90 days and always moves the last', () => {
    const first = withTouch(null, visit('google', '2026-09-01T00:00:00.000Z'));
    const second = withTouch(first, visit('instagram', '2026-11-01T00:00:00.000Z'));
    expect(second).toEqual({ first: first.first, last: visit('instagram', '2026-11-01T00:00:00.000Z') });
    const later = withTouch(second, visit('newsletter', '2026-12-15T00:00:00.000Z'));
    expect(later.first.source).toBe('newsletter');
  });

  it('round-trips through the cookie, and reads garbage as none', () => {
    const touches = withTouch(null, visit('google', '2026-09-01T00:00:00.000Z'));
    expect(parseTouchCookie(touchCookieValue(touches))).toEqual(touches);
    expect(touchesFromCookieHeader(`a=b; deosil_touch=${touchCookieValue(touches)}`)).toEqual(touches);
    for (const garbage of ['', '%E0%A4%A', '{}', 'null', encodeURIComponent('{"first":{"source":1},"last":{}}'), encodeURIComponent(JSON.stringify({ first: { source: '', medium: 'x', at: 'x' }, last: {} })), 'x'.repeat(3000)]) {
      expect(parseTouchCookie(garbage)).toBeNull();
    }
  });
});
