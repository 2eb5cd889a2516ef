import { parseConsentCookie, CONSENT_COOKIE, type CookieChoice, type StoredChoice } from '../../../domain/cookie-consent.ts';
import type { AnalyticsTags } from '../../../contracts/shop-api.ts';

/**
 * Google Analytics 4 and the Meta pixel, loaded only for a shopper who allowed them on the cookie banner, once the
 * page is interactive and the browser is idle, so they never cost the first paint (decision record 0066). Until
 * then, and without consent or settings, `track` does nothing and no request leaves the page.
 */

type Gtag = (...args: unknown[]) => void;
type Fbq = ((...args: unknown[]) => void) & { queue?: unknown[]; callMethod?: (...args: unknown[]) => void; loaded?: boolean; version?: string; push?: unknown };

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

const running = { ga4: null as string | null, meta: null as string | null };
/** Events of a shopper who allowed tags, raised before the tags started (they start when the browser is idle). */
let pending: (() => void)[] = [];

/** The choice in this browser's consent cookie; none (or a garbled one) means nothing is allowed. */
export function storedChoice(): StoredChoice | null {
  if (typeof document === 'undefined') return null;
  for (const pair of document.cookie.split(';')) {
    const [name, ...rest] = pair.trim().split('=');
    if (name !== CONSENT_COOKIE) continue;
    try {
      return parseConsentCookie(decodeURIComponent(rest.join('=')));
    } catch {
      return null;
    }
  }
  return null;
}

function addScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

function startGa4(id: string): void {
  window.dataLayer = window.dataLayer ?? [];
  // gtag.js reads the arguments object itself, as Google's snippet pushes it.
  window.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', id);
  addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`);
  running.ga4 = id;
}

function startMetaPixel(id: string): void {
  // Meta's snippet without its inline script: the queue fbevents.js drains once it arrives.
  if (!window.fbq) {
    const fbq = ((...args: unknown[]) => {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue!.push(args);
    }) as Fbq;
    fbq.queue = [];
    fbq.loaded = true;
    fbq.version = '2.0';
    fbq.push = fbq;
    window.fbq = fbq;
    window._fbq = fbq;
    addScript('https://connect.facebook.net/en_US/fbevents.js');
  }
  window.fbq('init', id);
  window.fbq('track', 'PageView');
  running.meta = id;
}

/** Loads the tags the choice allows and the shop configures; stops sending for a consent withdrawn. */
export function applyChoice(tags: AnalyticsTags, choice: CookieChoice): void {
  if (choice.analytics && tags.ga4MeasurementId && !running.ga4) startGa4(tags.ga4MeasurementId);
  if (choice.marketing && tags.metaPixelId && !running.meta) startMetaPixel(tags.metaPixelId);
  if (!choice.analytics && running.ga4) {
    // Google's opt-out switch: gtag.js sends nothing more for this id on this page.
    (window as unknown as Record<string, boolean>)[`ga-disable-${running.ga4}`] = true;
    running.ga4 = null;
  }
  if (!choice.marketing && running.meta) {
    window.fbq?.('consent', 'revoke');
    running.meta = null;
  }
  const waiting = pending;
  pending = [];
  if (running.ga4 || running.meta) for (const send of waiting) send();
}

/** Runs `work` once the page has loaded and the main thread is idle. */
export function whenIdle(work: () => void): void {
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(() => work(), { timeout: 4000 }) : setTimeout(work, 1500));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

export interface TrackedItem {
  id: number;
  name: string;
  size: string;
  /** Rupees, to the paisa. */
  price: number;
  quantity: number;
}

const META_EVENTS = { view_item: 'ViewContent', add_to_cart: 'AddToCart', begin_checkout: 'InitiateCheckout', purchase: 'Purchase' } as const;

/**
 * One of GA4's recommended e-commerce events, and Meta's standard event of the same meaning. A purchase carries
 * the order number as GA4's transaction_id and Meta's event id, so a copy sent from the server is counted once.
 */
export function track(event: keyof typeof META_EVENTS, items: readonly TrackedItem[], options: { value?: number; orderNumber?: string } = {}): void {
  if (!running.ga4 && !running.meta) {
    const choice = storedChoice();
    if (choice && (choice.analytics || choice.marketing) && pending.length < 20) pending.push(() => track(event, items, options));
    return;
  }
  const value = options.value ?? Math.round(items.reduce((sum, item) => sum + item.price * 100 * item.quantity, 0)) / 100;
  if (running.ga4 && window.gtag) {
    window.gtag('event', event, {
      currency: 'INR',
      value,
      ...(options.orderNumber ? { transaction_id: options.orderNumber } : {}),
      items: items.map((item) => ({ item_id: String(item.id), item_name: item.name, item_variant: item.size, price: item.price, quantity: item.quantity })),
    });
  }
  if (running.meta && window.fbq) {
    window.fbq(
      'track',
      META_EVENTS[event],
      { currency: 'INR', value, content_type: 'product', content_ids: items.map((item) => String(item.id)), contents: items.map((item) => ({ id: String(item.id), quantity: item.quantity })) },
      options.orderNumber ? { eventID: options.orderNumber } : undefined,
    );
  }
}
