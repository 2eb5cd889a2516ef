import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Order } from '../../../contracts/orders.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';
import { normaliseUpiId, OFFLINE_REFUND_METHOD_LABELS, offlineRefundText, UPI_ID_HINT } from '../../../domain/offline-refunds.ts';
import { TextField } from '../../components/form.tsx';
import { api, ApiRequestError, fieldMessage } from '../../lib/api-client.ts';
import { formatRupees } from './order-format.ts';
import { ordersKey } from './order-queries.ts';

/**
 * Refunds of an order paid in cash on delivery: there is no card to send them back to, so the shop transfers them.
 * While one waits the customer gives (or changes) the UPI ID to send it to; once sent it shows the transfer's UTR,
 * which their bank statement carries.
 */
export function RefundTransferPanel({ order }: { order: Order }) {
  const refunds = order.offlineRefunds.filter((refund) => refund.status !== 'withdrawn');
  const waiting = refunds.some((refund) => refund.status === 'awaiting');
  if (!refunds.length) return null;
  return (
    <div className={`panel p-5 ${waiting ? 'border-gold/60 bg-gold/10' : ''}`} data-testid="refund-transfer-panel">
      <h2 className="text-lg text-gold-bright">Your refund</h2>
      <ul className="mt-2 space-y-2 text-sm">
        {refunds.map((refund) => (
          <li key={refund.id} data-testid="refund-transfer" className={refund.status === 'paid' ? 'text-mist' : 'font-bold text-gold'}>
            {offlineRefundText(refund, formatRupees)}
            {refund.status === 'paid' && refund.paidOn ? (
              <span className="block text-xs font-normal text-ash">
                Sent by {OFFLINE_REFUND_METHOD_LABELS[refund.method ?? 'bank_transfer']} on {formatShopDate(`${refund.paidOn}T12:00:00+05:30`)}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {waiting ? <UpiIdForm order={order} /> : null}
    </div>
  );
}

function UpiIdForm({ order }: { order: Order }) {
  const client = useQueryClient();
  const [editing, setEditing] = useState(!order.refundUpiId);
  const [upiId, setUpiId] = useState(order.refundUpiId ?? '');
  const [checked, setChecked] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => api<{ order: Order }>(`/orders/${encodeURIComponent(order.orderNumber)}/refund-upi`, { method: 'PUT', body: { upiId } }),
    onSuccess: () => {
      setEditing(false);
      void client.invalidateQueries({ queryKey: ordersKey });
    },
  });
  const serverError = save.error instanceof ApiRequestError ? (fieldMessage(save.error, 'upiId') ?? save.error.message) : save.error ? 'The UPI ID could not be saved. Please try again.' : null;

  if (!editing && order.refundUpiId) {
    return (
      <p className="mt-3 text-sm text-ash">
        We will send it to <span className="font-mono break-all text-mist">{order.refundUpiId}</span>.{' '}
        <button type="button" className="text-orchid underline underline-offset-4 hover:text-gold-bright" onClick={() => setEditing(true)}>
          Change UPI ID
        </button>
      </p>
    );
  }
  return (
    <form
      className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!normaliseUpiId(upiId)) {
          setChecked(UPI_ID_HINT);
          return;
        }
        setChecked(null);
        save.mutate();
      }}
    >
      <TextField
        label="Your UPI ID for the refund"
        fieldClassName="flex-1"
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="none"
        inputMode="email"
        placeholder="name@bank"
        maxLength={320}
        value={upiId}
        hint="We send your refund to it and e-mail you the transaction reference. No UPI? Reply to our e-mail with your bank account details."
        error={checked ?? serverError ?? undefined}
        onChange={(event) => setUpiId(event.target.value)}
      />
      <button type="submit" className="btn-gold shrink-0 sm:mt-6" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save UPI ID'}
      </button>
    </form>
  );
}
