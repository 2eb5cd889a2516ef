import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GiftCardRefundResponse, OrderGiftCard } from '../../../contracts/gift-card-sales.ts';
import { formatRupees } from '../../../domain/money.ts';
import { adminApi, adminKeys, ReasonedAction } from '../admin/index.ts';
import { notice } from './notice.tsx';

/**
 * "Refund card" beside a card an order bought (decision 0088): the reason is asked first, then one press refunds the
 * card's amount to the payment that bought it and cancels the card. The server refuses a card partly spent, voided
 * or expired with a 409 that says why, shown here.
 */
export function CardRefundForm({ orderId, card }: { orderId: string; card: OrderGiftCard }) {
  const client = useQueryClient();
  const refund = useMutation({
    mutationFn: (reason: string) => adminApi<GiftCardRefundResponse>(`/admin/gift-cards/${card.cardId}/refund`, { method: 'POST', body: { reason } }),
    onSuccess: ({ message }) => {
      notice('success', 'Gift Card Refunded', message);
      void client.invalidateQueries({ queryKey: ['orders', orderId, 'gift-cards'] });
      void client.invalidateQueries({ queryKey: adminKeys.area('orders') });
      // The card is cancelled: the back office's card lookup shows it void, with the refund on its ledger.
      void client.invalidateQueries({ queryKey: adminKeys.area('gift-cards') });
    },
  });
  if (card.cardId === null || card.refundedAt) return null;
  const amount = formatRupees(card.amount);
  return (
    <ReasonedAction
      openLabel="Refund card"
      openClassName="btn-ghost mt-1 text-xs"
      title={`Refund the card ending ${card.lastFour}`}
      warning={`Refund ${amount} to the payment that bought it and cancel the card. Only a card not spent at all can be refunded${card.delivery === 'sent' ? `; its code is already with ${card.recipientName} and stops paying` : ''}.`}
      confirmLabel={`Refund ${amount} and cancel the card`}
      pendingLabel="Refunding..."
      step={{ isPending: refund.isPending, error: refund.error, run: (reason, done) => refund.mutate(reason, { onSuccess: done }) }}
      className="mt-2"
    />
  );
}
