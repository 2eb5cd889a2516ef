import type { Order } from '../../../contracts/orders.ts';

/** An order's gift: who it is for, whether it is wrapped, and the card's words (as the packing slip prints them). */
export function GiftDetails({ gift, className = '' }: { gift: Order['gift']; className?: string }) {
  if (!gift) return null;
  return (
    <section className={`text-sm ${className}`} data-testid="order-gift">
      <h3 className="text-gold">{gift.recipientName ? `A gift for ${gift.recipientName}` : 'A gift'}</h3>
      <p className="mt-1 text-ash">{gift.wrap ? 'Gift wrapped · no prices in the parcel' : 'Not wrapped · no prices in the parcel'}</p>
      {gift.message ? <p className="mt-1 whitespace-pre-line text-mist italic">“{gift.message}”</p> : null}
    </section>
  );
}
