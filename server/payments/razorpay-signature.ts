import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Razorpay's documented signatures. A payment signature is the hex HMAC-SHA256 of `order_id|payment_id` keyed
 * with the key secret; a webhook signature is the hex HMAC-SHA256 of the raw request body keyed with the webhook
 * secret. Comparison is in constant time so a forger learns nothing from response timing.
 */
export function paymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
}

export function webhookSignature(rawBody: string | Buffer, webhookSecret: string): string {
  return createHmac('sha256', webhookSecret).update(rawBody).digest('hex');
}

function sameHex(expected: string, received: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(received)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(received.toLowerCase(), 'hex'));
}

/** `orderId` must be the order id stored on our server, never the one the browser sent back. */
export function isValidPaymentSignature(input: { orderId: string; paymentId: string; signature: string; keySecret: string }): boolean {
  return sameHex(paymentSignature(input.orderId, input.paymentId, input.keySecret), input.signature);
}

export function isValidWebhookSignature(rawBody: string | Buffer, signature: string | undefined, webhookSecret: string): boolean {
  return typeof signature === 'string' && sameHex(webhookSignature(rawBody, webhookSecret), signature);
}
