/**
 * Where an order's money stands, in the shopper's words, shown apart from where the parcel stands (a paid order
 * waiting to be packed reads 'Order Received' and 'Paid', never 'Pending'). An order paid and then refunded in
 * part (returned lines) keeps the payment status 'paid' and says 'Partially refunded'; refunded in full it is
 * 'refunded'.
 */
import type { PaymentStatus } from './orders.ts';

export const PARTLY_REFUNDED = 'Partially refunded';

/** The shopper's short words for each payment status (a badge, a card, the order page). */
export const CUSTOMER_PAYMENT_STATUS: Record<PaymentStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Payment failed',
  refund_pending: 'Refund started',
  refunded: 'Refunded',
  cod_pending: 'Pay on delivery',
  not_collected: 'Nothing to pay',
};

/** Paid, and some of it given back: the order stands, with less money kept than its total. */
export function isPartlyRefunded(order: { paymentStatus: string; refundedAmount: number }): boolean {
  return order.paymentStatus === 'paid' && order.refundedAmount > 0;
}

/** The shopper's words for where the order's money stands. */
export function customerPaymentStatus(order: { paymentStatus: PaymentStatus; refundedAmount: number }): string {
  return isPartlyRefunded(order) ? PARTLY_REFUNDED : CUSTOMER_PAYMENT_STATUS[order.paymentStatus];
}
