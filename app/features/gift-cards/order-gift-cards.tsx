import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { OrderGiftCard, OrderGiftCardsResponse } from '../../../contracts/gift-card-sales.ts';
import { formatRupees } from '../../../domain/money.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';
import { api } from '../../lib/api-client.ts';

function deliveryText(card: OrderGiftCard): string {
  // Refunded unspent (decision 0088): the card is cancelled, and an e-mail not yet sent never goes.
  if (card.refundedAt) return `Refunded on ${formatShopDate(card.refundedAt)}: the card is cancelled`;
  const day = formatShopDate(`${card.deliverOn}T12:00:00+05:30`);
  if (card.delivery === 'sent') return `E-mailed to ${card.recipientEmail}${card.sentAt ? ` on ${formatShopDate(card.sentAt)}` : ''}`;
  if (card.delivery === 'cancelled') return 'Cancelled by the shop before it was e-mailed';
  if (card.delivery === 'failed') return `Could not be e-mailed to ${card.recipientEmail}: write to us and we will resend it`;
  if (card.delivery === 'awaiting-payment') return 'Issued once the payment is confirmed';
  return `To be e-mailed to ${card.recipientEmail} on ${day}`;
}

/**
 * The cards an order bought, as its shopper (no `token`) or the back office (the admin's `token`) may see them; one
 * cache entry per side, so the order's page and the back office's card lookup share an answer.
 */
export function useOrderGiftCards(orderId: string, token?: string | null) {
  return useQuery({
    queryKey: ['orders', orderId, 'gift-cards', token ? 'staff' : 'own'],
    queryFn: ({ signal }) => api<OrderGiftCardsResponse>(`/orders/${orderId}/gift-cards`, { signal, ...(token === undefined ? {} : { token }) }).then((answer) => answer.giftCards),
    staleTime: 30_000,
  });
}

/**
 * The gift cards an order bought: each card's last four and whether its e-mail has gone; never the code. `token`
 * is the admin's on the back office; the shopper's own is used otherwise. `action` adds the back office's controls
 * under a card (its refund).
 */
export function OrderGiftCards({
  orderId,
  token,
  className = 'panel p-5 text-sm',
  action,
}: {
  orderId: string;
  token?: string | null;
  className?: string;
  action?: (card: OrderGiftCard) => ReactNode;
}) {
  const cards = useOrderGiftCards(orderId, token);
  if (!cards.data?.length) return null;
  return (
    <section className={className} data-testid="order-gift-cards">
      <h2 className="text-lg text-gold-bright">Gift cards bought</h2>
      <ul className="mt-2 flex flex-col gap-3">
        {cards.data.map((card) => (
          <li key={card.id}>
            <p className="text-mist">
              {formatRupees(card.amount)} for {card.recipientName}
              {card.lastFour ? <span className="text-ash"> · card ending {card.lastFour}</span> : null}
            </p>
            {card.refundedAt ? (
              <p className="text-ember" data-testid="gift-card-refunded">
                {deliveryText(card)}
              </p>
            ) : (
              <p className={card.delivery === 'sent' ? 'text-gold' : 'text-ash'}>{deliveryText(card)}</p>
            )}
            {action?.(card)}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-ash">Gift cards are not goods: they are not on the tax invoice, and are taxed when they are spent.</p>
    </section>
  );
}
