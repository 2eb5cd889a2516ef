/**
 * Review rules shared by the server and the screens: the star scale, the categories, the sort and status
 * lists, the summary maths behind 'Spell Testimonials' and the product's own rating, and the wording of a
 * failed submission.
 */

export const STAR_SCALE = 5;
export const REVIEW_CATEGORIES = ['potency', 'longevity', 'aura', 'effectiveness'] as const;
export type ReviewCategory = (typeof REVIEW_CATEGORIES)[number];
export const REVIEW_SORTS = ['newest', 'oldest', 'highest', 'lowest', 'helpful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_STATUSES = ['approved', 'pending', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_COMMENT_MAX = 2000;
/** Shown for a review whose author's account no longer exists. */
export const ANONYMOUS_AUTHOR = 'Anonymous';

export type RatingDistribution = Record<1 | 2 | 3 | 4 | 5, number>;

export interface ReviewSummary {
  totalReviews: number;
  /** One decimal, 0 when there are no reviews. */
  averageRating: number;
  ratingDistribution: RatingDistribution;
  /** One decimal each; 0 for a category nobody rated (effectiveness is optional). */
  categoryAverages: Record<ReviewCategory, number>;
}

/** What the database aggregates over a product's approved reviews. */
export interface ReviewAggregates {
  /** How many approved reviews gave each overall rating. */
  byRating: { rating: number; count: number }[];
  /** Sum and number of ratings given, per category. */
  categories: Record<ReviewCategory, { sum: number; count: number }>;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * The summary of a product's approved reviews. The product's stored rating and review count are this
 * summary's averageRating and totalReviews, so the card, the page header and the section never disagree.
 */
export function summarizeReviews(aggregates: ReviewAggregates): ReviewSummary {
  const ratingDistribution: RatingDistribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let total = 0;
  let sum = 0;
  for (const { rating, count } of aggregates.byRating) {
    if (!Number.isInteger(rating) || rating < 1 || rating > STAR_SCALE || count <= 0) continue;
    ratingDistribution[rating as keyof RatingDistribution] += count;
    total += count;
    sum += rating * count;
  }
  const categoryAverages = Object.fromEntries(
    REVIEW_CATEGORIES.map((category) => {
      const { sum: categorySum, count } = aggregates.categories[category];
      return [category, count > 0 ? oneDecimal(categorySum / count) : 0];
    }),
  ) as Record<ReviewCategory, number>;
  return { totalReviews: total, averageRating: total > 0 ? oneDecimal(sum / total) : 0, ratingDistribution, categoryAverages };
}

/** Width of a distribution bar, as a whole percentage of all reviews. */
export function distributionShare(count: number, total: number): number {
  return total > 0 ? Math.round((count / total) * 100) : 0;
}

/** The error catalogue's fallbacks, for when a review action fails without a word from the server. */
export const REVIEW_FAILURES = {
  add: 'Failed to add review',
  load: 'Failed to load product reviews',
  update: 'Failed to update review',
  delete: 'Failed to delete review',
} as const;

/**
 * What the author is told when changing or deleting their review fails: the server's own refusal when it
 * answered with one (a 4xx: 'Review not found', a field to fix), the catalogue's fallback when it did not
 * answer or failed itself (status 0 or 5xx).
 */
export function reviewActionFailure(action: 'update' | 'delete', status: number, serverMessage: string | undefined): string {
  return status >= 400 && status < 500 && serverMessage ? serverMessage : REVIEW_FAILURES[action];
}

/** The product page's message for a refused review submission (back office spec, section 8). */
export function reviewFailureMessage(serverMessage: string | undefined): string {
  const message = serverMessage ?? '';
  if (/already reviewed/i.test(message)) return 'You have already reviewed this product. You can only submit one review per product.';
  if (/authorization|authentication required/i.test(message)) return 'Please log in to submit a review.';
  return message || 'Failed to submit review. Please try again.';
}
