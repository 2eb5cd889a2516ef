import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { Order } from '../../../contracts/orders.ts';
import { codStage, confirmByText } from '../../../domain/cod-progress.ts';
import { formatRupees } from '../../../domain/money.ts';
import { TextAreaField } from '../../components/form.tsx';
import { adminApi } from '../admin/index.ts';
import { notice } from './notice.tsx';
import { orderDate } from './order-status.ts';

/** Which channel carried the customer's confirmation, as the panel says it. */
const CONFIRMED_VIA = { web: 'on the order page', email: 'by the e-mailed link', whatsapp: 'on WhatsApp' } as const;

type Action = 'collected' | 'rto';

interface Props {
  order: Order;
  onChanged(): void;
}

/**
 * A cash-on-delivery order in the back office: whether the customer has confirmed it, and, once it is on its way,
 * the two ends at the door: 'Cash collected' (the order becomes paid) or 'Returned to origin' (cancelled, stock
 * back). Each asks a second time, because neither can be undone from here.
 */
export function CodPanel({ order, onChanged }: Props) {
  const [asking, setAsking] = useState<Action | null>(null);
  const [note, setNote] = useState('');
  const path = `/admin/orders/${encodeURIComponent(order.id)}`;
  const act = useMutation({
    mutationFn: (action: Action) =>
      adminApi<{ order: Order }>(action === 'collected' ? `${path}/cod-collected` : `${path}/rto`, {
        method: 'POST',
        body: action === 'rto' ? { note: note.trim() || undefined } : undefined,
      }),
    onSuccess: ({ order: updated }, action) => {
      notice('success', action === 'collected' ? 'Cash Collected' : 'Returned to Origin', action === 'collected' ? `Order ${updated.orderNumber} is paid in cash` : `Order ${updated.orderNumber} is cancelled and its stock is back`);
      setAsking(null);
      setNote('');
      onChanged();
    },
    onError: (error) => notice('error', 'Update Failed', error.message || 'The order was not changed'),
  });
  const cod = order.cashOnDelivery;
  const stage = codStage(order);
  if (!cod || !stage) return null;
  // The courier's cash only: what gift cards and store credit paid was taken when the order was placed.
  const amount = formatRupees(cod.toCollect);

  return (
    <section aria-labelledby="order-cod-title" className="rounded-md border border-gold/40 bg-gold/5 p-3 text-sm" data-testid="admin-cod-panel">
      <h3 id="order-cod-title" className="text-gold">
        Cash on delivery · {amount} {stage === 'collected' ? 'collected' : stage === 'returned' || stage === 'cancelled' ? 'not collected' : 'to collect'}
      </h3>
      {order.paidWithBalances > 0 ? (
        <p className="mt-1 text-mist" data-testid="admin-cod-balances">
          {formatRupees(order.paidWithBalances)} of the {formatRupees(order.total)} bill was paid with gift cards and store credit
          {stage === 'returned' || stage === 'cancelled' ? ', and went back onto them' : ''}.
        </p>
      ) : null}
      <p className="mt-1 text-ash" data-testid="admin-cod-stage">
        {stage === 'awaiting_confirmation' ? (
          <>
            <span className="font-bold text-ember">Awaiting confirmation</span> · {confirmByText(cod)}. Do not pack it until the customer confirms.
          </>
        ) : stage === 'confirmed' ? (
          <>Confirmed by the customer {orderDate(cod.confirmedAt!)}{cod.confirmedVia ? ` ${CONFIRMED_VIA[cod.confirmedVia]}` : ''}. Mark the cash collected at delivery, or the parcel returned if it came back.</>
        ) : stage === 'collected' ? (
          <>Cash collected {orderDate(cod.collectedAt!)}.</>
        ) : stage === 'returned' ? (
          <>Returned to origin {orderDate(cod.returnedToOriginAt!)}; nothing was collected.</>
        ) : (
          <>Cancelled before delivery; nothing was collected.</>
        )}
      </p>
      <p className="mt-1 text-xs text-ash">Includes the Cash on Delivery fee of {formatRupees(cod.fee)}.</p>
      {stage === 'confirmed' ? (
        <div className="mt-3 space-y-2">
          {asking === 'rto' ? (
            <TextAreaField label="Note (optional)" hint="Why it came back, e.g. refused at the door" rows={2} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
          ) : null}
          <div className="flex flex-wrap gap-2">
            {asking ? (
              <>
                <button type="button" className="btn-gold" disabled={act.isPending} onClick={() => act.mutate(asking)}>
                  {act.isPending ? 'Saving...' : asking === 'collected' ? `Confirm ${amount} collected` : 'Confirm returned to origin'}
                </button>
                <button type="button" className="btn-ghost" disabled={act.isPending} onClick={() => setAsking(null)}>
                  Not now
                </button>
              </>
            ) : (
              <>
                <button type="button" className="btn-gold" onClick={() => setAsking('collected')}>
                  Cash collected
                </button>
                <button type="button" className="btn-ghost" onClick={() => setAsking('rto')}>
                  Returned to origin
                </button>
              </>
            )}
          </div>
        </div>
      ) : null}
    </section>
  );
}
