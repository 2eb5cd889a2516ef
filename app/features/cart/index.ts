/** The cart feature's public entry: what other features may use of it (ESLint refuses any other path in). */
export { AddToCartButton } from './add-to-cart-button.tsx';
export { type CartItem, useCartStore } from './cart-store.ts';
export { couponOffer } from './coupon-terms.ts';
export { useCartCount } from './use-cart-totals.ts';
export { CartGiftCards, giftCardsTotal } from './cart-gift-cards.tsx';
