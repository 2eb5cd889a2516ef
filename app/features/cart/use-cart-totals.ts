import { useMemo } from 'react';
import { cartTotals, type CartTotals } from '../../../domain/cart.ts';
import { useCartStore } from './cart-store.ts';

/** itemCount, subtotal, discount, discounted subtotal and emptiness, by the same rules the server totals with. */
export function useCartTotals(): CartTotals {
  const items = useCartStore((state) => state.items);
  const coupon = useCartStore((state) => state.appliedCoupon);
  return useMemo(() => cartTotals(items.filter((item) => !item.problem), coupon), [items, coupon]);
}

export function useCartCount(): number {
  return useCartStore((state) => state.items.reduce((sum, item) => sum + item.quantity, 0));
}
