/** The wishlist's public entry: what other features may use of it (ESLint refuses any other path in). */
export { WishlistHeart } from './wishlist-heart.tsx';
export { WishlistPage } from './wishlist-page.tsx';
