import type { Order } from '../../../contracts/orders.ts';
import { statusInfo, statusName } from '../../../domain/orders.ts';
import { customerPaymentStatus } from '../../../domain/payment-status.ts';

const tone: Record<string, string> = {
  pending: 'border-gold/50 bg-gold/10 text-gold-bright',
  processing: 'border-orchid/50 bg-amethyst/15 text-orchid',
  shipped: 'border-sky-300/40 bg-sky-400/10 text-sky-200',
  'out-for-delivery': 'border-ember/50 bg-ember/10 text-ember',
  delivered: 'border-emerald-300/40 bg-emerald-400/10 text-emerald-200',
  cancelled: 'border-blood/50 bg-blood/10 text-blood',
};

/** What each stage means for the customer, under the badge and in the timeline. */
export const STATUS_DESCRIPTIONS: Record<string, string> = {
  pending: 'Your order has been received and awaits the brewing table.',
  processing: 'Your potions are being blended, bottled and sealed.',
  shipped: 'Your parcel is on its way with the courier.',
  'out-for-delivery': 'The courier is bringing your parcel today.',
  delivered: 'Your potions have arrived. Enjoy the magic.',
  cancelled: 'This order was cancelled.',
};

export function statusDescription(status: string): string {
  return STATUS_DESCRIPTIONS[status] ?? STATUS_DESCRIPTIONS.pending!;
}

/**
 * Where the parcel stands, coloured by stage, with its mystical description when asked. An order not yet being
 * prepared reads 'Order Received': the bare 'Pending' beside a paid order read as a payment still owed.
 */
export function OrderStatusBadge({ status, withLabel = false }: { status: string; withLabel?: boolean }) {
  const { label } = statusInfo(status);
  const name = status === 'pending' ? label : statusName(status);
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold ${tone[status] ?? tone.pending}`} data-testid="fulfilment-badge">
      {name}
      {withLabel && label !== name ? <span className="font-normal opacity-90">· {label}</span> : null}
    </span>
  );
}

/** Where the order's money stands, apart from the parcel: 'Paid', 'Pay on delivery', 'Partially refunded'… */
export function PaymentStatusBadge({ order }: { order: Pick<Order, 'paymentStatus' | 'refundedAmount'> }) {
  return (
    <span className="inline-flex items-center rounded-full border border-ash/40 px-2.5 py-0.5 text-xs text-mist" data-testid="payment-badge">
      <span className="text-ash">Payment:&nbsp;</span>
      {customerPaymentStatus(order)}
    </span>
  );
}

export function ProgressBar({ status }: { status: string }) {
  const { progress } = statusInfo(status);
  return (
    <div className="flex items-center gap-3">
      <div className="h-2 flex-1 overflow-hidden rounded-full bg-shadow" role="progressbar" aria-label="Order progress" aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100}>
        <div className={`h-full rounded-full ${status === 'cancelled' ? 'bg-blood' : 'bg-gradient-to-r from-amethyst to-gold'}`} style={{ width: `${progress}%` }} />
      </div>
      <span className="w-10 text-right text-xs text-ash">{progress}%</span>
    </div>
  );
}
