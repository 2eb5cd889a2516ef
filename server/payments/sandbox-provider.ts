import { randomBytes } from 'node:crypto';
import { BoundedMap } from '../lib/bounded-map.ts';
import { PaymentProviderError, type PaymentProvider, type ProviderOrder, type ProviderPayment, type ProviderRefund } from './payment-provider.ts';
import { isValidPaymentSignature, paymentSignature } from './razorpay-signature.ts';

export const SANDBOX_REFUNDS_KEPT = 10_000;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Razorpay-shaped ids: a prefix and 14 random letters or digits. */
export function razorpayStyleId(prefix: 'order' | 'pay' | 'rfnd'): string {
  const bytes = randomBytes(14);
  return `${prefix}_${[...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]).join('')}`;
}

/**
 * The payment provider of a shop without Razorpay keys: Razorpay's test mode without the network. It issues
 * `order_…` ids and signs test payments with its own secret, and the rest of the payment path (signature checks,
 * order creation) runs exactly as it does for Razorpay.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly keyId = 'rzp_test_sandbox';

  /**
   * Refunds by idempotency key, so a repeated request answers with the first refund, as Razorpay does. A repeat
   * follows a lost answer within moments, so the latest 10,000 keys are plenty; older ones go first.
   */
  private readonly refunds = new BoundedMap<string, ProviderRefund>({ maxEntries: SANDBOX_REFUNDS_KEPT });

  constructor(private readonly secret: string) {}

  async createOrder(input: { amountPaise: number; receipt: string }): Promise<ProviderOrder> {
    if (!Number.isInteger(input.amountPaise) || input.amountPaise < 100) {
      throw new PaymentProviderError('Order amount less than minimum amount allowed', 400);
    }
    return { id: razorpayStyleId('order'), amount: input.amountPaise, currency: 'INR' };
  }

  /** What Razorpay Checkout hands the browser after a successful test payment. */
  pay(orderId: string): { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string } {
    const paymentId = razorpayStyleId('pay');
    return { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: paymentSignature(orderId, paymentId, this.secret) };
  }

  isValidPayment(input: { orderId: string; paymentId: string; signature: string }): boolean {
    return isValidPaymentSignature({ ...input, keySecret: this.secret });
  }

  /**
   * A test payment is signed by the sandbox for its order (the caller checked the signature) and is always for
   * the whole order, captured at once; nothing is kept in memory, so any process of the shop can answer.
   */
  async capturePayment(paymentId: string, expected: { orderId: string; amountPaise: number }): Promise<ProviderPayment> {
    return { id: paymentId, orderId: expected.orderId, amount: expected.amountPaise, currency: 'INR', status: 'captured', method: null };
  }

  /** Test refunds settle at once; nothing leaves any account. */
  async refund(input: { paymentId: string; amountPaise: number; idempotencyKey: string }): Promise<ProviderRefund> {
    if (!Number.isInteger(input.amountPaise) || input.amountPaise < 100) throw new PaymentProviderError('The amount must be at least INR 1.00', 400);
    const earlier = this.refunds.get(input.idempotencyKey);
    if (earlier) return earlier;
    const refund: ProviderRefund = { id: razorpayStyleId('rfnd'), amount: input.amountPaise, status: 'processed' };
    this.refunds.set(input.idempotencyKey, refund);
    return refund;
  }
}
