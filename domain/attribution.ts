/**
 * Where an order came from: the campaign (UTM parameters) or website that brought the shopper, the first time
 * and the last time before the checkout (decision record 0066). Kept by the browser in a first-party cookie,
 * read by the server when the checkout starts, stored with the checkout and the order.
 */
export const TOUCH_COOKIE = 'deosil_touch';
/** A first touch older than this no longer speaks for an order. */
export const FIRST_TOUCH_DAYS = 90;

export interface Touch {
  /** utm_source, or the referring site's host ('instagram.com'). */
  source: string;
  /** utm_medium, or 'referral' / 'organic' for a link from another site or a search engine. */
  medium: string;
  campaign: string | null;
  /** ISO time of the visit. */
  at: string;
}

export interface Touches {
  first: Touch;
  last: Touch;
}

const MAX = 100;
const SEARCH_ENGINES = /(^|\.)(google|bing|duckduckgo|yahoo|yandex|ecosia|baidu)\./;

/** A value as kept: letters, digits and a few marks, lower-cased, at most 100 characters; null when nothing is left. */
function clean(value: string | null | undefined): string | null {
  if (!value) return null;
  const kept = value
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ._\-+/:|]/gu, '')
    .trim()
    .slice(0, MAX);
  return kept === '' ? null : kept;
}

/**
 * The touch a page visit makes: its UTM parameters, else a link from another site; null for a visit that names
 * neither (typed in, a bookmark, the shop's own links), which leaves the touches as they were.
 */
export function touchOfVisit(url: URL, referrer: string, now: Date): Touch | null {
  const source = clean(url.searchParams.get('utm_source'));
  if (source) {
    return { source, medium: clean(url.searchParams.get('utm_medium')) ?? '(none)', campaign: clean(url.searchParams.get('utm_campaign')), at: now.toISOString() };
  }
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return null;
  }
  if (!host || host === url.hostname.toLowerCase()) return null;
  const site = clean(host.replace(/^www\./, ''));
  if (!site) return null;
  return { source: site, medium: SEARCH_ENGINES.test(`.${host}`) ? 'organic' : 'referral', campaign: null, at: now.toISOString() };
}

/** The touches after a visit's touch: the first stays while it is recent, the last is the new one. */
export function withTouch(current: Touches | null, touch: Touch): Touches {
  const first = current && Date.parse(touch.at) - Date.parse(current.first.at) <= FIRST_TOUCH_DAYS * 86_400_000 ? current.first : touch;
  return { first, last: touch };
}

export function touchCookieValue(touches: Touches): string {
  return encodeURIComponent(JSON.stringify(touches));
}

function touchOf(value: unknown): Touch | null {
  if (!value || typeof value !== 'object') return null;
  const raw = value as Record<string, unknown>;
  if (typeof raw.source !== 'string' || typeof raw.medium !== 'string' || typeof raw.at !== 'string') return null;
  if (raw.campaign !== null && typeof raw.campaign !== 'string') return null;
  const source = clean(raw.source);
  const medium = clean(raw.medium);
  const at = Date.parse(raw.at);
  if (!source || !medium || Number.isNaN(at)) return null;
  return { source, medium, campaign: typeof raw.campaign === 'string' ? clean(raw.campaign) : null, at: new Date(at).toISOString() };
}

/** The touches in a cookie's value; null for anything that is not two well-formed touches (garbage counts as none). */
export function parseTouchCookie(value: string | undefined | null): Touches | null {
  if (!value || value.length > 2000) return null;
  try {
    const parsed = JSON.parse(decodeURIComponent(value)) as { first?: unknown; last?: unknown };
    const first = touchOf(parsed.first);
    const last = touchOf(parsed.last);
    return first && last ? { first, last } : null;
  } catch {
    return null;
  }
}

/** The touch cookie among a Cookie header's pairs. */
export function touchesFromCookieHeader(header: string | undefined | null): Touches | null {
  if (!header) return null;
  for (const pair of header.split(';')) {
    const [name, ...rest] = pair.trim().split('=');
    if (name === TOUCH_COOKIE) return parseTouchCookie(rest.join('='));
  }
  return null;
}
