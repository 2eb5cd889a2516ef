import { and, count, eq, sql } from 'drizzle-orm';
import type { CreateReviewInput, ProductReviewsQuery, ProductReviewsResponse, Review, ReviewContent } from '../../../contracts/reviews.ts';
import type { Database } from '../../db/client.ts';
import { products, reviewVotes, reviews, users } from '../../db/schema/index.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { CatalogueReader } from '../products/catalogue-reader.ts';
import { REVIEW_ORDER, reviewColumns, reviewDto } from './review-dto.ts';
import { approvedSummary, hasBought, lockProduct, refreshProductFigures, type Executor } from './review-figures.ts';
import { fieldRefusal, notFoundRefusal, Refusal } from '../../../domain/refusal.ts';

export const ALREADY_REVIEWED = 'You have already reviewed this product';

const contentColumns = (content: ReviewContent) => ({
  title: content.title,
  comment: content.comment,
  rating: content.rating,
  potency: content.ratings.potency,
  longevity: content.ratings.longevity,
  aura: content.ratings.aura,
  effectiveness: content.ratings.effectiveness ?? null,
});

/** Whether `userId` counted the review as helpful, as a column of the select. */
const votedBy = (userId: string | null) =>
  userId
    ? sql<boolean>`exists (select 1 from ${reviewVotes} where ${reviewVotes.reviewId} = ${reviews.id} and ${reviewVotes.userId} = ${userId})`.mapWith(Boolean)
    : sql<boolean>`false`.mapWith(Boolean);

/** Reviews with their author and product, and whether the caller voted for each. */
export function selectReviews(db: Executor, callerId: string | null) {
  return db
    .select({ ...reviewColumns, voted: votedBy(callerId) })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .leftJoin(users, eq(users.id, reviews.userId))
    .$dynamic();
}

/**
 * Customers' reviews: reading a product's approved reviews, writing one's own (one per product), and helpful
 * votes. Every write that changes what counts towards a product's rating recounts the product's figures in
 * the same transaction and clears the catalogue cache after it commits.
 */
export class ReviewService {
  constructor(
    private readonly db: Database,
    private readonly notifications: NotificationService,
    private readonly catalogue: CatalogueReader,
  ) {}

  private async one(db: Executor, id: number, callerId: string | null): Promise<Review> {
    const [row] = await selectReviews(db, callerId).where(eq(reviews.id, id));
    if (!row) throw notFoundRefusal('Review not found');
    return reviewDto(row, row.voted);
  }

  async forProduct(productId: number, query: ProductReviewsQuery, callerId: string | null): Promise<Omit<ProductReviewsResponse, 'success'>> {
    const [product] = await this.db.select({ id: products.id }).from(products).where(eq(products.id, productId));
    if (!product) throw notFoundRefusal('Product not found');
    const shown = and(eq(reviews.productId, productId), eq(reviews.status, 'approved'), query.rating ? eq(reviews.rating, query.rating) : undefined);
    const [page, [total], summary, [mine]] = await Promise.all([
      selectReviews(this.db, callerId)
        .where(shown)
        .orderBy(...REVIEW_ORDER[query.sort])
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      this.db.select({ total: count() }).from(reviews).where(shown),
      approvedSummary(this.db, productId),
      callerId ? selectReviews(this.db, callerId).where(and(eq(reviews.productId, productId), eq(reviews.userId, callerId))) : Promise.resolve([]),
    ]);
    const totalCount = total?.total ?? 0;
    return {
      reviews: page.map((row) => reviewDto(row, row.voted)),
      summary,
      pagination: { page: query.page, limit: query.limit, total: totalCount, pages: Math.ceil(totalCount / query.limit) },
      myReview: mine ? reviewDto(mine, mine.voted) : null,
    };
  }

  /** Published at once (approved by default); Verified Purchase comes from the author's orders, never the request. */
  async create(author: { id: string; name: string }, input: CreateReviewInput): Promise<Review> {
    const review = await this.db.transaction(async (tx) => {
      const product = await lockProduct(tx, input.productId);
      const verifiedPurchase = await hasBought(tx, author.id, product.id);
      const [row] = await tx
        .insert(reviews)
        .values({ productId: product.id, userId: author.id, ...contentColumns(input), verifiedPurchase })
        .onConflictDoNothing()
        .returning({ id: reviews.id });
      if (!row) throw fieldRefusal('conflict', 'productId', ALREADY_REVIEWED);
      await refreshProductFigures(tx, product.id);
      await this.notifications.notify(
        {
          toStaffWith: 'reviews.moderate',
          type: 'review',
          priority: input.rating <= 2 ? 'high' : 'medium',
          title: 'New Review',
          message: `${author.name} rated ${product.name} ${input.rating}/5${input.title ? `: "${input.title}"` : ''}`,
          actionUrl: '/admin/reviews',
        },
        tx,
      );
      return this.one(tx, row.id, author.id);
    });
    this.catalogue.invalidate();
    return review;
  }

  /**
   * The author's own edit. Verified Purchase is looked up again (an order may have been paid since), and a
   * rejected review that is rewritten goes back to the moderators as pending.
   */
  async update(authorId: string, id: number, content: ReviewContent): Promise<Review> {
    const review = await this.db.transaction(async (tx) => {
      const current = await this.lockOwn(tx, authorId, id);
      await tx
        .update(reviews)
        .set({
          ...contentColumns(content),
          verifiedPurchase: await hasBought(tx, authorId, current.productId),
          status: current.status === 'rejected' ? 'pending' : current.status,
          updatedAt: sql`now()`,
        })
        .where(eq(reviews.id, id));
      await refreshProductFigures(tx, current.productId);
      return this.one(tx, id, authorId);
    });
    this.catalogue.invalidate();
    return review;
  }

  async remove(authorId: string, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const current = await this.lockOwn(tx, authorId, id);
      await tx.delete(reviews).where(eq(reviews.id, id));
      await refreshProductFigures(tx, current.productId);
    });
    this.catalogue.invalidate();
  }

  /** The review, locked after its product (the order every review write takes), if the caller wrote it. */
  private async lockOwn(tx: Executor, authorId: string, id: number) {
    const [found] = await tx.select({ productId: reviews.productId }).from(reviews).where(eq(reviews.id, id));
    if (!found) throw notFoundRefusal('Review not found');
    await lockProduct(tx, found.productId);
    const [current] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
    if (!current) throw notFoundRefusal('Review not found');
    if (current.userId !== authorId) throw new Refusal('forbidden', 'You can only change your own review');
    return current;
  }

  /**
   * Adds the caller's helpful vote, or takes it back if it was there. The counter is recounted from the votes
   * in the same transaction, so each customer counts once however often or concurrently they click.
   */
  async toggleHelpful(voterId: string, id: number): Promise<{ helpfulVotes: number; voted: boolean }> {
    return this.db.transaction(async (tx) => {
      const [review] = await tx.select({ userId: reviews.userId, status: reviews.status }).from(reviews).where(eq(reviews.id, id)).for('update');
      if (!review || (review.status !== 'approved' && review.userId !== voterId)) throw notFoundRefusal('Review not found');
      if (review.userId === voterId) throw new Refusal('forbidden', 'You cannot vote on your own review');
      const removed = await tx
        .delete(reviewVotes)
        .where(and(eq(reviewVotes.reviewId, id), eq(reviewVotes.userId, voterId)))
        .returning({ reviewId: reviewVotes.reviewId });
      if (removed.length === 0) await tx.insert(reviewVotes).values({ reviewId: id, userId: voterId }).onConflictDoNothing();
      const [updated] = await tx
        .update(reviews)
        .set({ helpfulVotes: sql`(select count(*)::int from ${reviewVotes} where ${reviewVotes.reviewId} = ${id})` })
        .where(eq(reviews.id, id))
        .returning({ helpfulVotes: reviews.helpfulVotes });
      return { helpfulVotes: updated!.helpfulVotes, voted: removed.length === 0 };
    });
  }
}
