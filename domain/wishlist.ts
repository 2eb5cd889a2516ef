/**
 * The wishlist's alerts: a saved potion's news is a lower price or a return to stock, measured against what the
 * shop last knew of it, so each change is news once. A price that falls while the potion is sold out is told
 * when it comes back, with the new price. Pure.
 */
export const WISHLIST_MAX = 100;

export interface WatchedState {
  /** The lowest price of its sizes, in paise. */
  pricePaise: number;
  inStock: boolean;
}

export type WishlistNews = 'price-drop' | 'back-in-stock';

export function wishlistNews(seen: WatchedState, now: WatchedState): WishlistNews | null {
  if (!now.inStock) return null;
  if (now.pricePaise < seen.pricePaise) return 'price-drop';
  if (!seen.inStock) return 'back-in-stock';
  return null;
}

/** The lowest price a product sells a bottle at: its cheapest size, or its own price without sizes. */
export function lowestPricePaise(product: { pricePaise: number; sizes: readonly { pricePaise: number }[] }): number {
  const priced = product.sizes.map((size) => (size.pricePaise > 0 ? size.pricePaise : product.pricePaise));
  return priced.length ? Math.min(...priced) : product.pricePaise;
}
