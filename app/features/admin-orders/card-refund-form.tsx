import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { GiftCardRefundResponse, OrderGiftCard } from '../../../contracts/gift-card-sales.ts';
import { formatRupees } from '../../../domain/money.ts';
import { TextField } from '../../components/form.tsx';
import { fieldMessage } from '../../lib/api-client.ts';
import { adminApi, adminKeys } from '../admin/index.ts';
import { notice } from './notice.tsx';

/**
 * "Refund card" beside a card an order bought (decision 0088): the reason is asked first, then one press refunds the
 * card's amount to the payment that bought it and cancels the card. The server refuses a card partly spent, voided
 * or expired with a 409 that says why, shown here.
 */
export function CardRefundForm({ orderId, card }: { orderId: string; card: OrderGiftCard }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const refund = useMutation({
    mutationFn: () => adminApi<GiftCardRefundResponse>(`/admin/gift-cards/${card.cardId}/refund`, { method: 'POST', body: { reason } }),
    onSuccess: ({ message }) => {
      notice('success', 'Gift Card Refunded', message);
      setOpen(false);
      void client.invalidateQueries({ queryKey: ['orders', orderId, 'gift-cards'] });
      void client.invalidateQueries({ queryKey: adminKeys.area('orders') });
      // The card is cancelled: the back office's card lookup shows it void, with the refund on its ledger.
      void client.invalidateQueries({ queryKey: adminKeys.area('gift-cards') });
    },
  });
  if (card.cardId === null || card.refundedAt) return null;
  const amount = formatRupees(card.amount);
  const otherError = refund.error && !fieldMessage(refund.error, 'reason') ? refund.error.message : null;
  if (!open) {
    return (
      <button type="button" className="btn-ghost mt-1 text-xs" onClick={() => setOpen(true)}>
        Refund card
      </button>
    );
  }
  return (
    <form
      className="mt-2 grid gap-2 rounded-md border border-blood bg-blood/15 p-3"
      noValidate
      aria-label={`Refund the card ending ${card.lastFour}`}
      onSubmit={(event) => {
        event.preventDefault();
        refund.mutate();
      }}
    >
      <p className="text-mist">
        Refund {amount} to the payment that bought it and cancel the card. Only a card not spent at all can be refunded
        {card.delivery === 'sent' ? `; its code is already with ${card.recipientName} and stops paying` : ''}.
      </p>
      <TextField label="Reason" required maxLength={300} value={reason} error={fieldMessage(refund.error, 'reason')} onChange={(event) => setReason(event.target.value)} />
      {otherError ? (
        <p role="alert" className="text-blood">
          {otherError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-gold" disabled={refund.isPending || reason.trim().length < 3}>
          {refund.isPending ? 'Refunding...' : `Refund ${amount} and cancel the card`}
        </button>
        <button type="button" className="btn-ghost" disabled={refund.isPending} onClick={() => setOpen(false)}>
          Not now
        </button>
      </div>
    </form>
  );
}
