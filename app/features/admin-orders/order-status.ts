import type { Order } from '../../../contracts/orders.ts';
import { codStage, COD_STAGE_LABELS } from '../../../domain/cod-progress.ts';
import { ORDER_STATUS_NAMES, type OrderStatus, type PaymentStatus } from '../../../domain/orders.ts';
import { isPartlyRefunded, PARTLY_REFUNDED } from '../../../domain/payment-status.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';

/** The back office names each status plainly (the storefront adds the mystical labels of domain/orders.ts). */
export const STATUS_LABELS = ORDER_STATUS_NAMES;

export const STATUS_STYLES: Record<OrderStatus, string> = {
  pending: 'border-ember/50 bg-ember/10 text-ember',
  processing: 'border-orchid/50 bg-orchid/10 text-orchid',
  shipped: 'border-sky-300/50 bg-sky-300/10 text-sky-200',
  'out-for-delivery': 'border-gold/50 bg-gold/10 text-gold-bright',
  delivered: 'border-emerald-400/50 bg-emerald-400/10 text-emerald-300',
  cancelled: 'border-blood/50 bg-blood/10 text-blood',
};

export const PAYMENT_LABELS: Record<PaymentStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Failed',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
  cod_pending: 'Cash on delivery',
  not_collected: 'Not collected',
};

export const PAYMENT_STYLES: Record<PaymentStatus, string> = {
  pending: 'border-ash/40 text-ash',
  paid: 'border-emerald-400/50 text-emerald-300',
  failed: 'border-blood/50 text-blood',
  refund_pending: 'border-blood bg-blood/20 font-bold text-blood',
  refunded: 'border-orchid/50 text-orchid',
  cod_pending: 'border-gold/50 text-gold-bright',
  not_collected: 'border-ash/40 text-ash',
};

export const orderDate = (iso: string) => formatShopDate(iso, 'dateTime');

/**
 * The payment badge of an order: its payment state, except that a cash-on-delivery order still waiting for the
 * customer reads 'Awaiting confirmation' (it must not be packed yet), one taken back reads 'Returned to origin', and
 * a paid order with returned lines refunded reads 'Partially refunded'.
 */
export function paymentBadge(order: Pick<Order, 'status' | 'paymentStatus' | 'cashOnDelivery' | 'refundedAmount'>): { label: string; style: string } {
  const stage = codStage(order);
  if (stage === 'awaiting_confirmation') return { label: COD_STAGE_LABELS.awaiting_confirmation, style: 'border-ember/60 bg-ember/10 text-ember' };
  if (stage === 'returned') return { label: COD_STAGE_LABELS.returned, style: PAYMENT_STYLES.not_collected };
  if (isPartlyRefunded(order)) return { label: PARTLY_REFUNDED, style: PAYMENT_STYLES.refunded };
  return { label: PAYMENT_LABELS[order.paymentStatus], style: PAYMENT_STYLES[order.paymentStatus] };
}
