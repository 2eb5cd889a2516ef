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

/** A payment as the provider holds it (Razorpay's payment entity: amount in the currency's smallest unit). */
export interface ProviderPayment {
  id: string;
  orderId: string | null;
  amount: number;
  currency: string;
  /** Razorpay's payment states: only 'captured' money is the shop's. */
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  /** How the customer paid ('card', 'upi', 'netbanking', 'wallet'…), when the provider says. */
  method: string | null;
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
   * Reads the payment and, when it is only authorized and is `expected`'s (its order, amount and INR), captures
   * it for that amount; returns it as it then stands. A payment left authorized is returned to the customer by
   * Razorpay after days and cannot be refunded by the shop, so nothing is taken for paid until it is captured.
   * One that does not match is left uncaptured for the caller to judge.
   */
  capturePayment(paymentId: string, expected: { orderId: string; amountPaise: number }): Promise<ProviderPayment>;
  /**
   * Refunds `amountPaise` of a captured payment. The same `idempotencyKey` never refunds twice, so a retry after
   * a lost answer is safe. `notes` travel with the refund to the provider's dashboard (what it was for).
   */
  refund(input: { paymentId: string; amountPaise: number; idempotencyKey: string; receipt: string; notes?: Record<string, string> }): Promise<ProviderRefund>;
}

export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly providerStatus?: number,
  ) {
    super(message);
  }
}
