import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { Order } from '../../../contracts/orders.ts';
import { formatRupees } from '../../../domain/money.ts';
import { adminApi } from '../admin/index.ts';
import { notice } from './notice.tsx';

interface Props {
  order: Order;
  onRefunded(): void;
}

/**
 * A paid order that was cancelled owes the customer their money. The refund goes to the payment provider from
 * here, after a second, explicit confirmation, because money cannot be taken back once it is sent.
 */
export function RefundPanel({ order, onRefunded }: Props) {
  const [confirming, setConfirming] = useState(false);
  const refund = useMutation({
    mutationFn: () => adminApi<{ order: Order; message: string }>(`/admin/orders/${encodeURIComponent(order.id)}/refund`, { method: 'POST' }),
    onSuccess: ({ message }) => {
      notice('success', 'Refund Issued', message);
      onRefunded();
    },
    onError: (error) => {
      notice('error', 'Refund Failed', (error as Error).message || 'The refund was not made');
      setConfirming(false);
    },
  });
  // What the order still owes (a return may have been refunded already): the refund takes all of it.
  const amount = formatRupees(order.total - order.refundedAmount);

  return (
    <section aria-labelledby="order-refund-title" className="rounded-md border border-blood bg-blood/15 p-3 text-sm">
      <h3 id="order-refund-title" className="text-blood">
        Refund pending
      </h3>
      <p className="mt-1 text-mist">
        The customer is owed {amount} for an order that was cancelled{order.paymentId ? ` (payment ${order.paymentId})` : ''}.{' '}
        {order.paidWithBalances > 0
          ? 'What the card paid goes back to it first, then what gift cards and store credit paid goes back onto them (the one used last first).'
          : 'It goes back in full to the card they paid with.'}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {confirming ? (
          <>
            <button type="button" className="btn-gold" disabled={refund.isPending} onClick={() => refund.mutate()}>
              {refund.isPending ? 'Refunding...' : `Confirm refund of ${amount}`}
            </button>
            <button type="button" className="btn-ghost" disabled={refund.isPending} onClick={() => setConfirming(false)}>
              Not now
            </button>
          </>
        ) : (
          <button type="button" className="btn-gold" onClick={() => setConfirming(true)}>
            Refund {amount}
          </button>
        )}
      </div>
    </section>
  );
}
