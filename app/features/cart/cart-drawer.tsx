import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { cartBillSummary } from '../../../domain/cart.ts';
import { BillRows } from '../../components/bill-rows.tsx';
import { billSummaryOf } from '../../../domain/bill-lines.ts';
import { CartGiftLines, NextOfferHint } from './cart-offers.tsx';
import toast from '../../lib/toast.ts';
import type { CartQuote } from '../../../contracts/cart.ts';
import { api } from '../../lib/api-client.ts';
import { CartCoupons } from './cart-coupons.tsx';
import { CartLineItem } from './cart-line-item.tsx';
import { useCartStore } from './cart-store.ts';
import { DeliveryCheck } from '../shipping/index.ts';
import { useCartTotals } from './use-cart-totals.ts';
import { CartGiftCards } from './cart-gift-cards.tsx';

/** Asks the server for today's prices, stock and offers; the drawer shows what the server says. */
async function refreshFromServer(signal: AbortSignal): Promise<CartQuote | null> {
  const { items, appliedCoupon, applyQuote, removeCoupon } = useCartStore.getState();
  if (items.length === 0) return null;
  try {
    const quote = await api<CartQuote>('/cart/quote', {
      method: 'POST',
      body: { items: items.map(({ productId, size, quantity }) => ({ productId, size, quantity })), couponCode: appliedCoupon?.code },
      signal,
    });
    applyQuote(quote);
    if (appliedCoupon && !quote.coupon) {
      removeCoupon();
      toast.error(quote.couponMessage ?? 'Invalid coupon code');
    }
    return quote;
  } catch {
    // Offline or failing: the cart still shows its last known prices, and checkout re-prices on the server.
    return null;
  }
}

/** What a quote was asked for: the lines and the coupon. A quote for anything else is stale. */
function quoteKey(items: readonly { cartId: string; quantity: number }[], couponCode: string | undefined): string {
  return JSON.stringify([items.map((item) => [item.cartId, item.quantity]), couponCode ?? null]);
}

/** 'YOUR MYSTICAL CART': slides in from the right as a modal dialog (focus kept inside, Escape closes). */
export function CartDrawer() {
  const dialog = useRef<HTMLDialogElement>(null);
  const isOpen = useCartStore((state) => state.isOpen);
  const restored = useCartStore((state) => state.restored);
  const items = useCartStore((state) => state.items);
  const appliedCoupon = useCartStore((state) => state.appliedCoupon);
  const closeCart = useCartStore((state) => state.closeCart);
  const clearCart = useCartStore((state) => state.clearCart);
  const removeCoupon = useCartStore((state) => state.removeCoupon);
  const giftCardCount = useCartStore((state) => state.giftCards.length);
  const totals = useCartTotals();
  const key = quoteKey(items, appliedCoupon?.code);
  const [served, setServed] = useState<{ key: string; quote: CartQuote } | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (isOpen && !element.open) element.showModal();
    if (!isOpen && element.open) element.close();
  }, [isOpen]);

  // Prices and offers are asked for once the saved cart is back and again after each change, a moment after the
  // last one; the drawer shows its own sums meanwhile, which are the server's whenever no offer applies.
  useEffect(() => {
    if (!isOpen || !restored) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void refreshFromServer(controller.signal).then((quote) => {
        if (quote && !controller.signal.aborted) setServed({ key, quote });
      });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [isOpen, restored, key]);
  const quote = served?.key === key ? served.quote : null;
  const offersApply = quote !== null && (quote.adjustments.some((adjustment) => adjustment.kind === 'promotion') || quote.gifts.length > 0);
  const bill = offersApply ? billSummaryOf(quote) : cartBillSummary(totals, appliedCoupon);

  const blocked = items.some((item) => item.problem);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="cart-title"
      onClose={closeCart}
      onClick={(event) => {
        if (event.target === event.currentTarget) closeCart();
      }}
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-full max-w-md border-l border-shadow bg-night p-0 text-mist backdrop:bg-void/70 open:animate-[cart-in_250ms_ease-out]"
    >
      <div className="flex h-full flex-col">
        <header className="flex items-center justify-between border-b border-shadow px-5 py-4">
          <h2 id="cart-title" className="font-display text-lg tracking-widest text-gold-bright">
            YOUR MYSTICAL CART ({totals.itemCount + giftCardCount})
          </h2>
          <button type="button" onClick={closeCart} className="rounded p-2 text-ash hover:text-gold-bright" aria-label="Close cart">
            ✕
          </button>
        </header>

        {items.length === 0 && giftCardCount > 0 ? (
          // Gift cards alone are bought as they are: nothing to ship, so straight to a checkout that asks only who buys.
          <>
            <div className="flex-1 overflow-y-auto px-5">
              <CartGiftCards removable />
              <p className="text-sm text-ash">Each card is e-mailed to its recipient on its day; nothing is shipped. Add a potion too if you like.</p>
            </div>
            <CheckoutFooter browse="ADD POTIONS" onLeave={closeCart} />
          </>
        ) : items.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center">
            <p className="font-display text-xl tracking-widest text-gold-bright">THE CAULDRON IS EMPTY</p>
            <p className="text-sm text-ash">No potions yet. The collection is waiting for you.</p>
            <CartGiftCards removable />
            <Link to="/products" onClick={closeCart} className="btn-gold">
              EXPLORE POTIONS
            </Link>
            <Link to="/finder" onClick={closeCart} className="text-sm text-gold underline-offset-4 hover:text-gold-bright hover:underline">
              Not sure which? Take the fragrance finder
            </Link>
          </div>
        ) : (
          <>
            <div className="flex-1 overflow-y-auto px-5">
              <div className="flex justify-end pt-3">
                <button type="button" onClick={clearCart} className="text-xs tracking-wider text-ash underline-offset-4 hover:text-blood hover:underline">
                  Clear All
                </button>
              </div>
              <ul>
                {items.map((item) => (
                  <CartLineItem key={item.cartId} item={item} />
                ))}
              </ul>
              <CartGiftLines gifts={quote?.gifts ?? []} />
              <CartGiftCards removable />
              <div className="py-4">
                {appliedCoupon ? (
                  <div className="flex items-center justify-between rounded-lg border border-gold/50 bg-gold/10 p-3 text-sm">
                    <span>
                      <span className="font-display tracking-wider text-gold-bright">{appliedCoupon.code}</span> applied · {appliedCoupon.name}
                    </span>
                    <button type="button" onClick={removeCoupon} className="text-xs text-ash hover:text-blood">
                      Remove
                    </button>
                  </div>
                ) : (
                  <CartCoupons subtotalPaise={totals.subtotalPaise} />
                )}
              </div>
              <div className="border-t border-shadow py-4">
                <DeliveryCheck compact />
              </div>
            </div>
            <CheckoutFooter browse="CONTINUE SHOPPING" blocked={blocked} onLeave={closeCart}>
              <NextOfferHint message={quote?.nextOffer ?? null} />
              <BillRows bill={bill} testIdPrefix="cart" />
              {blocked ? <p className="mt-2 text-xs text-blood">Remove the marked potions to check out.</p> : null}
            </CheckoutFooter>
          </>
        )}
      </div>
    </dialog>
  );
}

/**
 * The drawer's foot: what the basket comes to (when it holds potions), then the way to the checkout, closed while
 * a marked potion blocks it, and back to the potions. Either link closes the drawer.
 */
function CheckoutFooter({ browse, blocked = false, onLeave, children }: { browse: string; blocked?: boolean; onLeave: () => void; children?: ReactNode }) {
  return (
    <footer className="border-t border-shadow px-5 py-4">
      {children}
      <div className={children ? 'mt-4 flex flex-col gap-2' : 'flex flex-col gap-2'}>
        <Link
          to="/checkout"
          onClick={(event) => {
            if (blocked) event.preventDefault();
            else onLeave();
          }}
          aria-disabled={blocked || undefined}
          className={blocked ? 'btn-gold w-full pointer-events-none opacity-50' : 'btn-gold w-full'}
        >
          SECURE CHECKOUT
        </Link>
        <Link to="/products" onClick={onLeave} className="btn-ghost w-full">
          {browse}
        </Link>
      </div>
    </footer>
  );
}
