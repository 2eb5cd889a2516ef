import { webhookSignature } from '../../server/payments/razorpay-signature.ts';
import type { TestShop } from './test-app.ts';

export const WEBHOOK_SECRET = 'whsec-moonlit-coven';

/** Posts a Razorpay webhook signed as Razorpay signs it (HMAC of the raw body); `tamper` changes the body after signing. */
export function signedWebhook(shop: TestShop, body: unknown, options: { eventId?: string; secret?: string; tamper?: (raw: string) => string } = {}) {
  const raw = JSON.stringify(body);
  const signature = webhookSignature(raw, options.secret ?? WEBHOOK_SECRET);
  return shop.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/webhook',
    payload: options.tamper ? options.tamper(raw) : raw,
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, ...(options.eventId ? { 'x-razorpay-event-id': options.eventId } : {}) },
  });
}
