import { asc, desc, type SQL } from 'drizzle-orm';
import type { AdminReview, Review } from '../../../contracts/reviews.ts';
import { ANONYMOUS_AUTHOR, type ReviewSort } from '../../../domain/reviews.ts';
import { products, reviews, users } from '../../db/schema/index.ts';

export type ReviewRow = typeof reviews.$inferSelect;

/** The columns every review read selects: the review, its author's account (if any) and its product. */
export const reviewColumns = {
  review: reviews,
  authorId: users.id,
  authorNameOnAccount: users.name,
  authorEmail: users.email,
  productName: products.name,
  productSlug: products.slug,
};

export interface ReviewRead {
  review: ReviewRow;
  authorId: string | null;
  authorNameOnAccount: string | null;
  authorEmail: string | null;
  productName: string;
  productSlug: string;
}

export const REVIEW_ORDER: Record<ReviewSort, SQL[]> = {
  newest: [desc(reviews.createdAt), desc(reviews.id)],
  oldest: [asc(reviews.createdAt), asc(reviews.id)],
  highest: [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  lowest: [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  helpful: [desc(reviews.helpfulVotes), desc(reviews.createdAt), desc(reviews.id)],
};

/** `%term%` for ILIKE with the user's own wildcards taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const displayName = (read: ReviewRead) => read.authorNameOnAccount ?? read.review.authorName ?? ANONYMOUS_AUTHOR;

const categoryRatings = (row: ReviewRow) => ({ potency: row.potency, longevity: row.longevity, aura: row.aura, effectiveness: row.effectiveness });

export function reviewDto(read: ReviewRead, voted: boolean): Review {
  const row = read.review;
  return {
    _id: row.id,
    id: row.id,
    product: row.productId,
    user: read.authorId && read.authorNameOnAccount ? { _id: read.authorId, name: read.authorNameOnAccount } : null,
    customerName: displayName(read),
    rating: row.rating,
    title: row.title,
    comment: row.comment,
    ratings: categoryRatings(row),
    verified: row.verifiedPurchase,
    verifiedPurchase: row.verifiedPurchase,
    helpfulVotes: row.helpfulVotes,
    userHelpfulVote: voted,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function adminReviewDto(read: ReviewRead): AdminReview {
  const row = read.review;
  return {
    _id: row.id,
    id: row.id,
    productId: row.productId,
    productName: read.productName,
    productSlug: read.productSlug,
    userId: read.authorId,
    userName: displayName(read),
    userEmail: read.authorEmail,
    title: row.title,
    comment: row.comment,
    overallRating: row.rating,
    rating: row.rating,
    categoryRatings: categoryRatings(row),
    date: row.createdAt.toISOString(),
    status: row.status,
    helpfulCount: row.helpfulVotes,
    verifiedPurchase: row.verifiedPurchase,
  };
}
