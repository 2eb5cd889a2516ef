/**
 * One interface for taking card payments. Razorpay is the real one; the sandbox behaves like Razorpay's test
 * mode without the network. Everything after `createOrder` (signature checks, order creation, webhooks) is the
 * same code for both.
 */
export interface ProviderOrder {
  id: string;
  amount: number;
  currency: 'INR';
}

export interface ProviderRefund {
  id: string;
  amount: number;
  /** Razorpay's refund states; 'pending' refunds complete on Razorpay's side within days. */
  status: 'pending' | 'processed' | 'failed';
}

export interface PaymentProvider {
  readonly name: 'razorpay' | 'sandbox';
  /** The public key the browser's checkout widget needs. */
  readonly keyId: string;
  /** Creates a payment order for `amountPaise`; `receipt` is our checkout id. */
  createOrder(input: { amountPaise: number; receipt: string; notes?: Record<string, string> }): Promise<ProviderOrder>;
  /** Checks the signature the browser got from the provider, against the order id stored on our server. */
  isValidPayment(input: { orderId: string; paymentId: string; signature: string }): boolean;
  /**
   * Refunds `amountPaise` of a captured payment. The same `idempotencyKey` never refunds twice, so a retry after
   * a lost answer is safe.
   */
  refund(input: { paymentId: string; amountPaise: number; idempotencyKey: string; receipt: string }): Promise<ProviderRefund>;
}

export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly providerStatus?: number,
  ) {
    super(message);
  }
}
