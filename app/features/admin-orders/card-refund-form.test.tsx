import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { OrderGiftCard } from '../../../contracts/gift-card-sales.ts';
import { OrderGiftCards } from '../gift-cards/index.ts';
import { CardRefundForm } from './card-refund-form.tsx';

const ORDER = 'order-1';
const issued: OrderGiftCard = {
  id: 1,
  amount: 2000,
  recipientName: 'Meera',
  recipientEmail: 'meera@deosil.test',
  message: '',
  deliverOn: '2026-12-01',
  lastFour: 'W7XZ',
  delivery: 'scheduled',
  sentAt: null,
  cardId: 41,
  refundedAt: null,
};
const refunded: OrderGiftCard = { ...issued, id: 2, lastFour: 'K7PD', cardId: 42, refundedAt: '2026-11-28T06:00:00.000Z' };

/** The back office's view of an order's cards, as the admin order dialog renders it, with the cards already fetched. */
function staffView(cards: OrderGiftCard[]): string {
  const client = new QueryClient();
  client.setQueryData(['orders', ORDER, 'gift-cards', 'staff'], cards);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <OrderGiftCards orderId={ORDER} token="admin-token" action={(card) => <CardRefundForm orderId={ORDER} card={card} />} />
    </QueryClientProvider>,
  );
}

describe('the cards an order bought, in the back office', () => {
  it('offers "Refund card" on a card not yet refunded, and shows a refunded one as refunded and cancelled, with no button', () => {
    const html = staffView([issued, refunded]);
    const [first, second] = html.split('<li>').slice(1);
    expect(first).toContain('card ending W7XZ');
    expect(first).toContain('>Refund card</button>');
    expect(second).toContain('card ending K7PD');
    expect(second).toContain('data-testid="gift-card-refunded"');
    expect(second).toContain('Refunded on 28 Nov 2026: the card is cancelled');
    expect(second).not.toContain('Refund card');
  });

  it('offers no refund of a card not issued yet (the order is not paid)', () => {
    const html = staffView([{ ...issued, cardId: null, lastFour: null, delivery: 'awaiting-payment' }]);
    expect(html).toContain('Issued once the payment is confirmed');
    expect(html).not.toContain('Refund card');
  });
});
