/**
 * The purchase as the server sends it to Google Analytics 4 (Measurement Protocol) and Meta (Conversions API),
 * for shoppers who allowed those tags (decision record 0066). The order number is GA4's transaction_id and
 * Meta's event_id, as in the browser's events, so a purchase both send is counted once.
 *
 * GA4: developers.google.com/analytics/devguides/collection/protocol/ga4/sending-events (POST /mp/collect with
 * measurement_id and api_secret; client_id and events in the body). Meta: developers.facebook.com/docs/
 * marketing-api/conversions-api (POST /{pixel}/events; event_name, event_time, event_id, action_source,
 * user_data with SHA-256 hashes of the normalised e-mail and phone, custom_data with value and currency).
 */
import { nationalMobile } from './phone.ts';

export interface PurchaseLine {
  productId: number;
  name: string;
  size: string;
  quantity: number;
  unitPricePaise: number;
}

export interface PurchaseOrder {
  orderNumber: string;
  totalPaise: number;
  createdAt: Date;
  email: string;
  phone: string;
  lines: PurchaseLine[];
}

export interface PurchaseSignals {
  gaClientId: string | null;
  fbp: string | null;
  fbc: string | null;
  userAgent: string | null;
}

const rupees = (paise: number) => Math.round(paise) / 100;

/** GA4's client id from its `_ga` cookie ('GA1.1.1234567890.1700000000' → '1234567890.1700000000'); null if not one. */
export function gaClientIdOf(cookie: string | undefined | null): string | null {
  const match = /^GA\d\.\d\.(\d{1,20}\.\d{1,20})$/.exec(cookie ?? '');
  return match ? match[1]! : null;
}

/** Meta's `_fbp` / `_fbc` cookie values as they are written ('fb.1.1700000000000.123456789'); null if not one. */
export function metaCookieOf(cookie: string | undefined | null): string | null {
  return cookie && /^fb\.\d\.\d{10,16}\.[\w-]{1,200}$/.test(cookie) ? cookie : null;
}

/** The e-mail as Meta hashes it: trimmed and lower-cased. */
export function normalisedEmail(email: string): string | null {
  const trimmed = email.trim().toLowerCase();
  return trimmed.includes('@') ? trimmed : null;
}

/** The phone as Meta hashes it: digits only, with the country code (91 for India), no leading zeros or +. */
export function normalisedPhone(phone: string): string | null {
  const national = nationalMobile(phone);
  return national ? `91${national}` : null;
}

/** The Measurement Protocol body of the purchase. Without a GA client id the order number stands in for one. */
export function ga4PurchaseBody(order: PurchaseOrder, signals: PurchaseSignals): object {
  return {
    client_id: signals.gaClientId ?? `order.${order.orderNumber}`,
    timestamp_micros: order.createdAt.getTime() * 1000,
    events: [
      {
        name: 'purchase',
        params: {
          transaction_id: order.orderNumber,
          currency: 'INR',
          value: rupees(order.totalPaise),
          items: order.lines.map((line) => ({ item_id: String(line.productId), item_name: line.name, item_variant: line.size, price: rupees(line.unitPricePaise), quantity: line.quantity })),
        },
      },
    ],
  };
}

/** The Conversions API body of the purchase; `hash` is SHA-256 in lower-case hex, applied to the normalised values. */
export function metaPurchaseBody(order: PurchaseOrder, signals: PurchaseSignals, shopUrl: string, hash: (value: string) => string): object {
  const email = normalisedEmail(order.email);
  const phone = normalisedPhone(order.phone);
  return {
    data: [
      {
        event_name: 'Purchase',
        event_time: Math.floor(order.createdAt.getTime() / 1000),
        event_id: order.orderNumber,
        action_source: 'website',
        event_source_url: `${shopUrl}/checkout`,
        user_data: {
          ...(email ? { em: [hash(email)] } : {}),
          ...(phone ? { ph: [hash(phone)] } : {}),
          ...(signals.fbp ? { fbp: signals.fbp } : {}),
          ...(signals.fbc ? { fbc: signals.fbc } : {}),
          ...(signals.userAgent ? { client_user_agent: signals.userAgent } : {}),
        },
        custom_data: {
          currency: 'INR',
          value: rupees(order.totalPaise),
          order_id: order.orderNumber,
          content_type: 'product',
          contents: order.lines.map((line) => ({ id: String(line.productId), quantity: line.quantity, item_price: rupees(line.unitPricePaise) })),
        },
      },
    ],
  };
}
