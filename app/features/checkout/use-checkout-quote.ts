import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import toast from '../../lib/toast.ts';
import type { CartQuote } from '../../../contracts/cart.ts';
import { api } from '../../lib/api-client.ts';
import { useCartStore } from '../cart/index.ts';

export const checkoutQuoteKey = ['checkout-quote'] as const;

/** Today's prices, stock and coupon discount for the cart, from the server: the Review step shows only these. */
export function useCheckoutQuote(enabled: boolean, giftWrap = false) {
  const items = useCartStore((state) => state.items);
  const coupon = useCartStore((state) => state.appliedCoupon);
  const lines = items.map(({ productId, size, quantity }) => ({ productId, size, quantity }));
  const query = useQuery({
    queryKey: [...checkoutQuoteKey, lines, coupon?.code ?? null, giftWrap],
    // A gift to be wrapped is quoted with the wrap on its bill, as the payment order will charge it.
    queryFn: ({ signal }) => api<CartQuote>('/cart/quote', { method: 'POST', body: { items: lines, couponCode: coupon?.code, giftWrap }, signal }),
    enabled: enabled && lines.length > 0,
    staleTime: 0,
  });

  const quote = query.data;
  useEffect(() => {
    if (!quote) return;
    const { applyQuote, appliedCoupon, removeCoupon } = useCartStore.getState();
    applyQuote(quote);
    if (appliedCoupon && !quote.coupon) {
      removeCoupon();
      toast.error(quote.couponMessage ?? 'Invalid coupon code');
    }
  }, [quote]);
  return query;
}
