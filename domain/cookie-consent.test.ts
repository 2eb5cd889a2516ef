import { describe, expect, it } from 'vitest';
import { consentCookieValue, consentFromCookieHeader, parseConsentCookie } from './cookie-consent.ts';

const id = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('the consent cookie', () => {
  it('reads back what it wrote, for every combination', () => {
    for (const analytics of [true, false]) {
      for (const marketing of [true, false]) {
        expect(parseConsentCookie(consentCookieValue({ analytics, marketing, visitorId: id }))).toEqual({ analytics, marketing, visitorId: id });
      }
    }
  });

  it('reads garbage, an older notice or a forged shape as no consent', () => {
    for (const value of ['', 'yes', 'true', '1.am', `0.am.${id}`, `2.am.${id}`, `1.xx.${id}`, `1.am.${id}x`, `1.am.${'z'.repeat(36)}`, `1.am.${id};analytics=1`, 'a'.repeat(5000), undefined, null]) {
      expect(parseConsentCookie(value as string)).toBeNull();
    }
  });

  it('is found among other cookies, and a malformed encoding is no consent', () => {
    expect(consentFromCookieHeader(`_ga=GA1.1.1.1; deosil_consent=1.a-.${id}; other=x`)).toEqual({ analytics: true, marketing: false, visitorId: id });
    expect(consentFromCookieHeader('deosil_consent=%E0%A4%A')).toBeNull();
    expect(consentFromCookieHeader('')).toBeNull();
    expect(consentFromCookieHeader(undefined)).toBeNull();
  });
});
