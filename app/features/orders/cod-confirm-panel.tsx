import type { Order } from '../../../contracts/orders.ts';
import { canConfirm, confirmByText } from '../../../domain/cod-progress.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { formatRupees } from './order-format.ts';
import { useConfirmCod } from './use-confirm-cod.ts';

/**
 * The order page's call to confirm a cash-on-delivery order while it waits for the customer: the order is
 * cancelled at the confirm-by time otherwise, so it sits at the top of the page until pressed.
 */
export function CodConfirmPanel({ order }: { order: Order }) {
  const confirm = useConfirmCod(order.id);
  if (!order.cashOnDelivery || !canConfirm(order, new Date())) return null;
  return (
    <div className="panel border-gold/60 bg-gold/10 p-5" data-testid="cod-confirm-panel">
      <h2 className="text-lg text-gold-bright">Confirm your order</h2>
      <p className="mt-1 text-sm text-mist">
        You chose to pay {formatRupees(order.cashOnDelivery.toCollect)} in cash on delivery{order.paidWithBalances > 0 ? `, after ${formatRupees(order.paidWithBalances)} from gift cards and store credit` : ''}. Confirm that you
        still want it, or it is cancelled.
      </p>
      <p className="mt-1 text-sm font-bold text-gold" data-testid="cod-confirm-by">
        {confirmByText(order.cashOnDelivery)}
      </p>
      {confirm.isError ? (
        <p role="alert" className="mt-3 rounded-md border border-blood/50 bg-blood/10 p-3 text-sm text-blood">
          {confirm.error instanceof ApiRequestError && confirm.error.message ? confirm.error.message : 'The order could not be confirmed. Please try again.'}
        </p>
      ) : null}
      <button type="button" className="btn-gold mt-4 w-full sm:w-auto" disabled={confirm.isPending} aria-busy={confirm.isPending} onClick={() => confirm.mutate()}>
        {confirm.isPending ? 'Confirming…' : 'Confirm your order'}
      </button>
    </div>
  );
}
