import { z } from 'zod';
import { serialId, text } from './fields.ts';
import {
  REVIEW_CATEGORIES,
  REVIEW_COMMENT_MAX,
  REVIEW_SORTS,
  REVIEW_STATUSES,
  REVIEW_TITLE_MAX,
  STAR_SCALE,
  type ReviewCategory,
  type ReviewSummary,
} from '../domain/reviews.ts';

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

export const categoryRatingsSchema = z.object({ potency: z.number(), longevity: z.number(), aura: z.number(), effectiveness: z.number().nullable() });
export type CategoryRatings = z.infer<typeof categoryRatingsSchema>;

/** A review as the product page shows it. */
export const reviewSchema = z.object({
  _id: z.number().int(),
  id: z.number().int(),
  product: z.number().int(),
  /** The author's account, or null when it no longer exists (or for a demo testimonial). */
  user: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** The name to show: the author's, a demo testimonial's, or 'Anonymous'. */
  customerName: z.string(),
  rating: z.number(),
  title: z.string(),
  comment: z.string(),
  ratings: categoryRatingsSchema,
  verified: z.boolean(),
  verifiedPurchase: z.boolean(),
  helpfulVotes: z.number().int(),
  /** Whether the signed-in caller counted this review as helpful. */
  userHelpfulVote: z.boolean(),
  status: z.enum(REVIEW_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const paginationSchema = z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), pages: z.number().int() });
export type Pagination = z.infer<typeof paginationSchema>;

const starCounts = z.object({ 1: z.number(), 2: z.number(), 3: z.number(), 4: z.number(), 5: z.number() });
export const reviewSummarySchema = z.object({
  totalReviews: z.number().int(),
  /** One decimal, 0 when there are no reviews. */
  averageRating: z.number(),
  ratingDistribution: starCounts,
  /** One decimal each; 0 for a category nobody rated (effectiveness is optional). */
  categoryAverages: z.object(Object.fromEntries(REVIEW_CATEGORIES.map((category) => [category, z.number()])) as Record<ReviewCategory, z.ZodNumber>),
}) satisfies z.ZodType<ReviewSummary>;

export const productReviewsResponseSchema = z.object({
  success: z.literal(true),
  reviews: z.array(reviewSchema),
  summary: reviewSummarySchema,
  pagination: paginationSchema,
  /** The signed-in caller's own review of this product, whatever its status; null for visitors and newcomers. */
  myReview: reviewSchema.nullable(),
});
export type ProductReviewsResponse = z.infer<typeof productReviewsResponseSchema>;

export const reviewResponseSchema = z.object({ success: z.literal(true), message: z.string(), review: reviewSchema });
export type ReviewResponse = z.infer<typeof reviewResponseSchema>;

export const helpfulVoteResponseSchema = z.object({ success: z.literal(true), helpfulVotes: z.number().int(), voted: z.boolean() });
export type HelpfulVoteResponse = z.infer<typeof helpfulVoteResponseSchema>;

/** A review in the back office (back office spec section 3). */
export const adminReviewSchema = z.object({
  _id: z.number().int(),
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  productSlug: z.string(),
  userId: z.string().nullable(),
  userName: z.string(),
  userEmail: z.string().nullable(),
  title: z.string(),
  comment: z.string(),
  overallRating: z.number(),
  rating: z.number(),
  categoryRatings: categoryRatingsSchema,
  date: z.string(),
  status: z.enum(REVIEW_STATUSES),
  helpfulCount: z.number().int(),
  verifiedPurchase: z.boolean(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewListResponseSchema = z.object({
  success: z.literal(true),
  reviews: z.array(adminReviewSchema),
  pagination: paginationSchema,
  /** Counts by status over everything the search and rating filter match, whatever status filter is chosen. */
  stats: z.object({ total: z.number().int(), approved: z.number().int(), pending: z.number().int(), rejected: z.number().int(), averageRating: z.number() }),
});
export type AdminReviewListResponse = z.infer<typeof adminReviewListResponseSchema>;

/** A moderated review: its new status, and the review as the back office now shows it. */
export const adminReviewResponseSchema = z.object({ success: z.literal(true), message: z.string(), review: adminReviewSchema });
