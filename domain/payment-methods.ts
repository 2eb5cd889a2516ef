/**
 * How an order was paid, as the shopper and the owner read it on receipts, order pages and the back office.
 * An online order keeps the method the payment provider reports for the payment (Razorpay's payment entity:
 * card, upi, netbanking, wallet, emi, paylater); a sandbox payment is stored as 'sandbox', so a demo order never
 * reads as a card payment that took real money.
 */
import { COD_PAYMENT_METHOD } from './cod-progress.ts';

export const SANDBOX_PAYMENT_METHOD = 'sandbox';

const LABELS: Readonly<Record<string, string>> = {
  [COD_PAYMENT_METHOD]: 'Cash on delivery',
  [SANDBOX_PAYMENT_METHOD]: 'Sandbox test payment (no money moved)',
  card: 'Card',
  upi: 'UPI',
  netbanking: 'Net banking',
  wallet: 'Wallet',
  emi: 'EMI',
  paylater: 'Pay later',
  balances: 'Gift card / store credit',
};

/** The method stored on an online order: 'sandbox' for the sandbox, else what the provider reported ('card' if it named none). */
export function onlinePaymentMethod(provider: 'razorpay' | 'sandbox' | 'cod' | 'balances', reported: string | null | undefined): string {
  if (provider === 'sandbox') return SANDBOX_PAYMENT_METHOD;
  const method = reported?.trim().toLowerCase();
  return method ? method : 'card';
}

/** 'UPI', 'Net banking', 'Cash on delivery'…; a method the shop has no words for is shown with its underscores as spaces. */
export function paymentMethodLabel(method: string): string {
  return LABELS[method] ?? method.replace(/_/g, ' ');
}
