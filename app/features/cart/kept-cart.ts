/**
 * The signed-in shopper's cart kept on the server (docs/decisions/0070). The browser's copy stays the fast path:
 * every change shows at once and is sent on a moment later; on sign-in the two merge (largest quantity per line,
 * never above stock), so a cart follows the shopper to another device and a left cart can be recalled.
 */
import { useEffect } from 'react';
import type { KeptCartItem, KeptCartResponse } from '../../../contracts/cart-recovery.ts';
import { MAX_CART_LINES } from '../../../contracts/cart.ts';
import { cartIdOf } from '../../../domain/cart.ts';
import { rupeesToPaise } from '../../../domain/money.ts';
import { api } from '../../lib/api-client.ts';
import { useAuth } from '../account/index.ts';
import { useCartStore, type CartItem } from './cart-store.ts';

/** Changes a shopper makes in a burst (pressing + three times) go to the server as one. */
const SEND_AFTER_MS = 800;

const linesOf = (items: readonly CartItem[]) => items.slice(0, MAX_CART_LINES).map(({ productId, size, quantity }) => ({ productId, size, quantity }));
const signatureOf = (items: readonly CartItem[]) => JSON.stringify(linesOf(items));

/** The server's lines as the browser's cart items; a line the browser already had keeps when it was added. */
export function itemsFromKept(kept: readonly KeptCartItem[], previous: readonly CartItem[]): CartItem[] {
  const before = new Map(previous.map((item) => [item.cartId, item]));
  return kept.map((line) => {
    const cartId = cartIdOf(line.productId, line.size);
    return {
      cartId,
      productId: line.productId,
      size: line.size,
      quantity: line.quantity,
      unitPricePaise: rupeesToPaise(line.unitPrice),
      slug: line.slug,
      name: line.name,
      image: line.image,
      addedAt: before.get(cartId)?.addedAt ?? new Date().toISOString(),
    };
  });
}

/** Mounted once per page (cart-host.tsx): merges on sign-in, then keeps each change on the server while signed in. */
export function useKeptCart(): void {
  const userId = useAuth((state) => state.user?.id ?? null);
  const restored = useCartStore((state) => state.restored);

  useEffect(() => {
    if (!userId || !restored) return;
    let stopped = false;
    let merging = true;
    let sent = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The server merges the cart as the browser sent it. A change made while that answer is on its way (an add in
    // the first moment after sign-in) would be replaced by it, so the answer is taken only when the cart still
    // matches what was sent; otherwise the cart as it now is goes to be merged again.
    const merge = (browser: readonly CartItem[]): Promise<void> =>
      api<KeptCartResponse>('/cart/merge', { method: 'POST', body: { items: linesOf(browser) } }).then(({ items }) => {
        if (stopped) return;
        const now = useCartStore.getState().items;
        if (signatureOf(now) !== signatureOf(browser)) return merge(now);
        const merged = itemsFromKept(items, now);
        sent = signatureOf(merged);
        useCartStore.setState({ items: merged });
      });
    merge(useCartStore.getState().items)
      // Offline or refused: the browser's cart stands, and the next change is sent as usual.
      .catch(() => undefined)
      .finally(() => {
        merging = false;
      });
    const unsubscribe = useCartStore.subscribe((state) => {
      if (merging || signatureOf(state.items) === sent) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const items = useCartStore.getState().items;
        sent = signatureOf(items);
        api('/cart', { method: 'PUT', body: { items: linesOf(items) } }).catch(() => {
          sent = '';
        });
      }, SEND_AFTER_MS);
    });
    return () => {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
    };
  }, [userId, restored]);
}
