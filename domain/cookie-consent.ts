/**
 * The visitor's choice of cookies and tags (DPDP Act 2023 s.6: consent free, specific, informed, unambiguous,
 * and as easy to withdraw as to give, s.6(4)). Kept in a first-party cookie the storefront reads before it loads
 * anything optional, and logged on the server as proof. Decision record 0066.
 */
export const CONSENT_COOKIE = 'deosil_consent';
/** The notice the choice was made under; a new one asks again (a cookie of an older version reads as no choice). */
export const COOKIE_NOTICE_VERSION = 1;
/** How long a choice stands before the banner asks again: six months. */
export const CONSENT_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

export interface CookieChoice {
  analytics: boolean;
  marketing: boolean;
}

export interface StoredChoice extends CookieChoice {
  /** Random, names no one: ties the log's rows to one browser's choices. */
  visitorId: string;
}

/** The three answers the banner offers, each one button; reject is as easy as accept. */
export const CONSENT_OPTIONS = {
  necessary: { label: 'Necessary only', choice: { analytics: false, marketing: false } },
  analytics: { label: 'Allow analytics', choice: { analytics: true, marketing: false } },
  marketing: { label: 'Analytics and marketing', choice: { analytics: true, marketing: true } },
} as const satisfies Record<string, { label: string; choice: CookieChoice }>;

/** What each category loads, word for word on the banner and the privacy page. */
export const CONSENT_CATEGORIES = {
  necessary: 'Always on: your session, cart and this choice, kept in cookies on this shop. Nothing is sent to anyone else.',
  analytics:
    'Google Analytics 4 (a script from www.googletagmanager.com): which pages and potions are viewed, what is added to the cart and bought, with a random id in a cookie (_ga). Used to see what shoppers look for; IP addresses are not stored by Google Analytics 4.',
  marketing:
    "The Meta pixel (a script from connect.facebook.net): the same shopping events sent to Meta with its cookie (_fbp), and, when you buy, your e-mail and phone as SHA-256 hashes, so Meta can tell the shop which of its ads led to a purchase.",
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `1.am.<uuid>`: notice version, a for analytics and m for marketing ('-' when refused), the visitor id. */
export function consentCookieValue(choice: StoredChoice): string {
  return `${COOKIE_NOTICE_VERSION}.${choice.analytics ? 'a' : '-'}${choice.marketing ? 'm' : '-'}.${choice.visitorId}`;
}

/** The stored choice, or null for no cookie, an older notice or anything malformed: all mean no consent. */
export function parseConsentCookie(value: string | undefined | null): StoredChoice | null {
  if (!value || value.length > 60) return null;
  const match = /^(\d{1,3})\.([a-])([m-])\.([0-9a-f-]{36})$/.exec(value);
  if (!match || Number(match[1]) !== COOKIE_NOTICE_VERSION || !UUID.test(match[4]!)) return null;
  return { analytics: match[2] === 'a', marketing: match[3] === 'm', visitorId: match[4]! };
}

/** The consent cookie's value among a Cookie header's pairs (the last one wins, as browsers send the most specific first). */
export function consentFromCookieHeader(header: string | undefined | null): StoredChoice | null {
  if (!header) return null;
  let found: string | undefined;
  for (const pair of header.split(';')) {
    const [name, ...rest] = pair.trim().split('=');
    if (name === CONSENT_COOKIE && found === undefined) found = rest.join('=');
  }
  try {
    return parseConsentCookie(found === undefined ? undefined : decodeURIComponent(found));
  } catch {
    return null;
  }
}
