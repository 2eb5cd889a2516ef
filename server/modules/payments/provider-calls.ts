import { fieldRefusal, Refusal } from '../../../domain/refusal.ts';
import { PaymentProviderError, type PaymentProvider } from '../../payments/payment-provider.ts';
import type { CapturedMoney } from './payment-fulfilment.ts';
import { providerCollectsPaise } from '../../../domain/gift-card-sale.ts';

/**
 * Runs one request to the payment provider. A refusal or an unreachable provider becomes a 'provider-failed' refusal (502) whose message
 * starts with `failure` and ends with the provider's reason; anything else is the shop's own error and passes.
 */
export async function askProvider<T>(failure: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentProviderError) throw new Refusal('provider-failed', `${failure}: ${error.message}`);
    throw error;
  }
}

export const PAYMENT_NOT_TAKEN = 'This payment was not taken for this order: nothing was charged, and your bank releases any amount it held';

/**
 * Has the provider capture a checkout's payment (Razorpay's is read, and captured when it is only authorized for
 * this order, amount and currency) and returns what was taken. A payment that was not captured (failed, or
 * authorized for anything else, which is left for Razorpay to release) is refused with 409 and makes no order.
 */
export async function takePayment(provider: PaymentProvider, checkout: { providerOrderId: string; amountPaise: number; balancesPaise?: number; vouchersPaise?: number }, paymentId: string): Promise<CapturedMoney> {
  // What the provider was asked to collect: the total less what gift cards and store credit pay, plus cards bought.
  const amountPaise = providerCollectsPaise(checkout);
  const payment = await askProvider('The payment could not be confirmed with Razorpay', () => provider.capturePayment(paymentId, { orderId: checkout.providerOrderId, amountPaise }));
  // 'refunded' was captured first: the money came, and went back through the shop or Razorpay's dashboard.
  const taken = payment.status === 'captured' || payment.status === 'refunded';
  if (!taken || payment.orderId !== checkout.providerOrderId) throw fieldRefusal('conflict', 'razorpay_payment_id', PAYMENT_NOT_TAKEN);
  return { amount: payment.amount, currency: payment.currency, method: payment.method };
}
