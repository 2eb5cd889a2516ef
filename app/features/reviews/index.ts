/** The reviews feature's public entry: what other features may use of it (ESLint refuses any other path in). */
export { LazyReviews } from './lazy-reviews.tsx';
export { CATEGORY_LABELS, reviewDate, SORT_LABELS } from './review-labels.ts';
