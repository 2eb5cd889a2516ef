import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Order } from '../../../contracts/orders.ts';
import { ErrorSummary } from '../../components/form.tsx';
import { api, ApiRequestError } from '../../lib/api-client.ts';
import toast from '../../lib/toast.ts';
import { formatRupees } from './order-format.ts';
import { announceOrderChange, ordersKey } from './order-queries.ts';
import { RefundChoice, type RefundTo } from './refund-choice.tsx';

/**
 * The same rule the server applies (domain/customer-cancel.ts), as far as the page knows it: a paid online order not
 * yet on its way. A parcel packed meanwhile is told by the server's refusal.
 */
function mayCancel(order: Order): boolean {
  return !order.cashOnDelivery && order.paymentStatus === 'paid' && (order.status === 'pending' || order.status === 'processing');
}

/** Before dispatch the customer may cancel a paid order themselves; the refund follows at once, where they choose. */
export function CancelOrderPanel({ order }: { order: Order }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [refundTo, setRefundTo] = useState<RefundTo>('original');
  const cancel = useMutation({
    mutationFn: () => api<{ message: string; order: Order }>(`/orders/${encodeURIComponent(order.orderNumber)}/cancel`, { method: 'POST', body: { refundTo } }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      setOpen(false);
      announceOrderChange();
      void client.invalidateQueries({ queryKey: ordersKey });
    },
  });
  if (!mayCancel(order)) return null;
  return (
    <div className="panel p-5 text-sm" data-testid="cancel-order">
      <h2 className="text-lg text-gold-bright">Changed your mind?</h2>
      <p className="mt-1 text-ash">Until it is packed you can cancel this order, and the {formatRupees(order.total)} it cost comes back to you.</p>
      {open ? (
        <form
          className="mt-4 flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            cancel.mutate();
          }}
        >
          <RefundChoice value={refundTo} moment="cancellation" onChange={setRefundTo} />
          <ErrorSummary plain>{cancel.error ? (cancel.error instanceof ApiRequestError ? cancel.error.message : 'The order could not be cancelled. Please try again.') : null}</ErrorSummary>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-gold" disabled={cancel.isPending}>
              {cancel.isPending ? 'Cancelling…' : 'Cancel order and refund'}
            </button>
            <button type="button" className="btn-ghost" onClick={() => setOpen(false)}>
              Keep my order
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="btn-ghost mt-3" onClick={() => setOpen(true)}>
          Cancel order
        </button>
      )}
    </div>
  );
}
