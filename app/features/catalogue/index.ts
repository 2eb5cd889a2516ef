/** The catalogue feature's public entry: what other features may use of it (ESLint refuses any other path in). */
export { StarRating } from './star-rating.tsx';
export { ProductCard } from './product-card.tsx';
export { toCardData, type ProductCardData } from './card-data.ts';
