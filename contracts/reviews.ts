import { z } from 'zod';
import { serialId, text } from './fields.ts';
import { REVIEW_COMMENT_MAX, REVIEW_SORTS, REVIEW_STATUSES, REVIEW_TITLE_MAX, STAR_SCALE, type ReviewStatus, type ReviewSummary } from '../domain/reviews.ts';

const stars = (field: string) =>
  z
    .number({ error: `${field} must be a whole number from 1 to ${STAR_SCALE}` })
    .int({ error: `${field} must be a whole number from 1 to ${STAR_SCALE}` })
    .min(1, { error: `${field} must be from 1 to ${STAR_SCALE}` })
    .max(STAR_SCALE, { error: `${field} must be from 1 to ${STAR_SCALE}` });

const optionalStars = (field: string) => z.preprocess((value) => (value === '' || value === 0 ? null : value), stars(field).nullable().optional());

/** The review form (storefront spec sections 4 and 5), enforced on the server. */
export const reviewContentSchema = z.object({
  title: text({ error: 'title must be text' })
    .trim()
    .max(REVIEW_TITLE_MAX, { error: `title must be at most ${REVIEW_TITLE_MAX} characters` })
    .default(''),
  comment: text({ error: 'comment is required' })
    .trim()
    .min(1, { error: 'comment is required' })
    .max(REVIEW_COMMENT_MAX, { error: `comment must be at most ${REVIEW_COMMENT_MAX} characters` }),
  rating: stars('rating'),
  ratings: z.object(
    {
      potency: stars('ratings.potency'),
      longevity: stars('ratings.longevity'),
      aura: stars('ratings.aura'),
      effectiveness: optionalStars('ratings.effectiveness'),
    },
    { error: 'ratings is required' },
  ),
});
export type ReviewContent = z.output<typeof reviewContentSchema>;

export const createReviewSchema = reviewContentSchema.extend({
  productId: serialId('productId must be a product id'),
});
export type CreateReviewInput = z.output<typeof createReviewSchema>;

const idParam = (what: string) => serialId(`${what} must be a number`);

export const reviewIdParamsSchema = z.object({ id: idParam('id') });
export const productReviewsParamsSchema = z.object({ productId: idParam('productId') });

const blankOrAll = (value: unknown) => (value === '' || value === 'all' ? undefined : value);
const page = z.coerce.number({ error: 'page must be a number' }).int({ error: 'page must be a whole number' }).min(1, { error: 'page must be 1 or more' }).max(10_000, { error: 'page is too large' }).default(1);
const limit = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be 1 or more' })
    .max(max, { error: `limit must be at most ${max}` })
    .default(fallback);
const ratingFilter = z.preprocess(blankOrAll, z.coerce.number({ error: 'rating must be 1 to 5' }).int({ error: 'rating must be 1 to 5' }).min(1, { error: 'rating must be 1 to 5' }).max(STAR_SCALE, { error: 'rating must be 1 to 5' }).optional());
const sort = z.preprocess(blankOrAll, z.enum(REVIEW_SORTS, { error: `sort must be one of ${REVIEW_SORTS.join(', ')}` }).default('newest'));

export const PRODUCT_REVIEWS_PAGE_MAX = 50;
export const productReviewsQuerySchema = z.object({ sort, rating: ratingFilter, page, limit: limit(PRODUCT_REVIEWS_PAGE_MAX, 10) });
export type ProductReviewsQuery = z.output<typeof productReviewsQuerySchema>;

export const ADMIN_REVIEWS_PAGE_MAX = 50;
export const adminReviewListQuerySchema = z.object({
  search: text({ error: 'search must be text' }).trim().max(100, { error: 'search must be at most 100 characters' }).optional(),
  status: z.preprocess(blankOrAll, z.enum(REVIEW_STATUSES, { error: `status must be one of ${REVIEW_STATUSES.join(', ')}` }).optional()),
  rating: ratingFilter,
  sort,
  page,
  limit: limit(ADMIN_REVIEWS_PAGE_MAX, ADMIN_REVIEWS_PAGE_MAX),
});
export type AdminReviewListQuery = z.output<typeof adminReviewListQuerySchema>;

export const reviewStatusBodySchema = z.object({
  status: z.enum(REVIEW_STATUSES, { error: `status must be one of ${REVIEW_STATUSES.join(', ')}` }),
});

export interface CategoryRatings {
  potency: number;
  longevity: number;
  aura: number;
  effectiveness: number | null;
}

/** A review as the product page shows it. */
export interface Review {
  _id: number;
  id: number;
  product: number;
  /** The author's account, or null when it no longer exists (or for a demo testimonial). */
  user: { _id: string; name: string } | null;
  /** The name to show: the author's, a demo testimonial's, or 'Anonymous'. */
  customerName: string;
  rating: number;
  title: string;
  comment: string;
  ratings: CategoryRatings;
  verified: boolean;
  verifiedPurchase: boolean;
  helpfulVotes: number;
  /** Whether the signed-in caller counted this review as helpful. */
  userHelpfulVote: boolean;
  status: ReviewStatus;
  createdAt: string;
  updatedAt: string;
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  pages: number;
}

export interface ProductReviewsResponse {
  success: true;
  reviews: Review[];
  summary: ReviewSummary;
  pagination: Pagination;
  /** The signed-in caller's own review of this product, whatever its status; null for visitors and newcomers. */
  myReview: Review | null;
}

export interface ReviewResponse {
  success: true;
  message: string;
  review: Review;
}

export interface HelpfulVoteResponse {
  success: true;
  helpfulVotes: number;
  voted: boolean;
}

/** A review in the back office (back office spec section 3). */
export interface AdminReview {
  _id: number;
  id: number;
  productId: number;
  productName: string;
  productSlug: string;
  userId: string | null;
  userName: string;
  userEmail: string | null;
  title: string;
  comment: string;
  overallRating: number;
  rating: number;
  categoryRatings: CategoryRatings;
  date: string;
  status: ReviewStatus;
  helpfulCount: number;
  verifiedPurchase: boolean;
}

export interface AdminReviewListResponse {
  success: true;
  reviews: AdminReview[];
  pagination: Pagination;
  /** Counts by status over everything the search and rating filter match, whatever status filter is chosen. */
  stats: { total: number; approved: number; pending: number; rejected: number; averageRating: number };
}
