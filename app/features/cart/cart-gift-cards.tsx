import { deliveryMoment, GIFT_CARD_DELIVERY_HOUR } from '../../../domain/gift-card-sale.ts';
import { formatRupees } from '../../../domain/money.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';
import { shopDate } from '../../../domain/orders.ts';
import { useCartStore, type CartGiftCard } from './cart-store.ts';

/** 'Today' (at the delivery hour when that is still to come: deliveryMoment), or the day the e-mail goes. */
export function deliveryDayText(day: string, now = new Date()): string {
  if (day > shopDate(now)) return `on ${formatShopDate(`${day}T12:00:00+05:30`, 'weekdayDay')}`;
  return deliveryMoment(day, now).getTime() > now.getTime() ? `today at ${GIFT_CARD_DELIVERY_HOUR} am` : 'today';
}

/** What the gift cards in the cart add to the payment, in rupees. */
export function giftCardsTotal(cards: readonly CartGiftCard[]): number {
  return cards.reduce((sum, card) => sum + card.amount, 0);
}

/** The gift cards waiting in the cart (the drawer's, removable) or at checkout (read only). */
export function CartGiftCards({ removable = false }: { removable?: boolean }) {
  const cards = useCartStore((state) => state.giftCards);
  const remove = useCartStore((state) => state.removeGiftCard);
  const alone = useCartStore((state) => state.items.length === 0);
  if (!cards.length) return null;
  return (
    <ul className="flex flex-col gap-2 py-3" data-testid="cart-gift-cards">
      {cards.map((card) => (
        <li key={card.id} className="flex items-start gap-3 rounded-lg border border-gold/40 bg-gold/5 p-3 text-sm">
          <span aria-hidden="true" className="flex h-10 w-14 shrink-0 items-center justify-center rounded-md border border-gold/60 bg-crypt font-display text-xs tracking-widest text-gold">
            GIFT
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-mist">
              Gift card · <span className="text-gold-bright">{formatRupees(card.amount)}</span>
            </p>
            <p className="text-xs break-words text-ash">
              For {card.recipientName}, e-mailed {deliveryDayText(card.deliverOn)}
            </p>
          </div>
          {removable ? (
            <button type="button" className="text-xs text-ash hover:text-blood" onClick={() => remove(card.id)} aria-label={`Remove the gift card for ${card.recipientName}`}>
              Remove
            </button>
          ) : null}
        </li>
      ))}
      {cards.length ? (
        <li className="flex justify-between text-xs text-ash" data-testid="gift-cards-total">
          <span>{alone ? 'Gift cards (no GST on a gift card)' : 'Gift cards, paid on top of the bill (no GST on a gift card)'}</span>
          <span className="shrink-0 pl-2 text-mist">{formatRupees(giftCardsTotal(cards))}</span>
        </li>
      ) : null}
    </ul>
  );
}
