import type { CartQuote } from '../../../contracts/cart.ts';

/** The free gifts the shop's offers add to the basket, each its own line, as the server priced them. */
export function CartGiftLines({ gifts }: { gifts: CartQuote['gifts'] }) {
  if (gifts.length === 0) return null;
  return (
    <ul aria-label="Free gifts">
      {gifts.map((gift) => (
        <li key={`${gift.productId}-${gift.size}`} className="flex gap-3 border-b border-shadow py-4" data-testid="cart-gift">
          {gift.image ? <img src={gift.image} alt="" width={64} height={80} className="h-20 w-16 shrink-0 rounded-md object-cover opacity-90" /> : null}
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <p className="font-display text-mist">
              {gift.name} <span className="text-xs text-ash">· {gift.size}</span>
            </p>
            <p className="text-xs text-gold">{gift.label}</p>
          </div>
          <span className="self-end font-display text-gold-bright">FREE</span>
        </li>
      ))}
    </ul>
  );
}

/** The nearest offer the basket does not reach yet: 'Add ₹350 more for a free First Rain (15ml)'. */
export function NextOfferHint({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="mb-3 rounded-lg border border-gold/40 bg-gold/10 px-3 py-2 text-xs text-gold-bright" data-testid="next-offer" role="status">
      ✦ {message}
    </p>
  );
}
