/** The catalogue feature's public entry: what other features may use of it (ESLint refuses any other path in). */
export { StarRating } from './star-rating.tsx';
