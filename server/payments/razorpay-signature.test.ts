import { describe, expect, it } from 'vitest';
import { isValidPaymentSignature, isValidWebhookSignature, paymentSignature } from './razorpay-signature.ts';

// Reference values computed independently with `openssl dgst -sha256 -hmac`.
const ORDER = 'order_IluGWxBm9U8zJ8';
const PAYMENT = 'pay_IH4NVgf4Dreq1l';
const SECRET = 'EnLs21M47BllR3X8PSFtjtbd';
const SIGNATURE = 'c7a6b6e37e5fb8b5387cd93cff2f9cedbf5cb78112fd50292c56b4cecb49b80d';

describe('Razorpay payment signatures', () => {
  it('match the documented HMAC-SHA256 of order_id|payment_id', () => {
    expect(paymentSignature(ORDER, PAYMENT, SECRET)).toBe(SIGNATURE);
    expect(isValidPaymentSignature({ orderId: ORDER, paymentId: PAYMENT, signature: SIGNATURE, keySecret: SECRET })).toBe(true);
  });

  it('refuse one changed character, another order, another secret and junk', () => {
    const flipped = `${SIGNATURE.slice(0, -1)}${SIGNATURE.endsWith('d') ? 'e' : 'd'}`;
    expect(isValidPaymentSignature({ orderId: ORDER, paymentId: PAYMENT, signature: flipped, keySecret: SECRET })).toBe(false);
    expect(isValidPaymentSignature({ orderId: 'order_other', paymentId: PAYMENT, signature: SIGNATURE, keySecret: SECRET })).toBe(false);
    expect(isValidPaymentSignature({ orderId: ORDER, paymentId: PAYMENT, signature: SIGNATURE, keySecret: 'other' })).toBe(false);
    expect(isValidPaymentSignature({ orderId: ORDER, paymentId: PAYMENT, signature: 'abc', keySecret: SECRET })).toBe(false);
  });
});

describe('Razorpay webhook signatures', () => {
  const body = '{"event":"payment.captured"}';
  const signature = '4f463a57dd128675850163391f0311888616d57bccca75c774c9cdb28134f851';

  it('are checked over the raw body', () => {
    expect(isValidWebhookSignature(body, signature, 'whsec_test')).toBe(true);
    expect(isValidWebhookSignature(Buffer.from(body), signature, 'whsec_test')).toBe(true);
  });

  it('fail for a changed body, a missing header or another secret', () => {
    expect(isValidWebhookSignature('{"event":"payment.captured" }', signature, 'whsec_test')).toBe(false);
    expect(isValidWebhookSignature(body, undefined, 'whsec_test')).toBe(false);
    expect(isValidWebhookSignature(body, signature, 'whsec_other')).toBe(false);
  });
});
