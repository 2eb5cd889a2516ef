import { and, avg, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AdminReview, AdminReviewListQuery, AdminReviewListResponse } from '../../../contracts/reviews.ts';
import type { ReviewStatus } from '../../../domain/reviews.ts';
import type { Database } from '../../db/client.ts';
import { products, reviews, users } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { CatalogueReader } from '../products/catalogue-reader.ts';
import { adminReviewDto, containsPattern, REVIEW_ORDER } from './review-dto.ts';
import { lockProduct, refreshProductFigures, type Executor } from './review-figures.ts';
import { selectReviews } from './review-service.ts';
import { notFoundRefusal } from '../../../domain/refusal.ts';

export const STATUS_MESSAGES: Record<ReviewStatus, string> = {
  approved: 'Review approved',
  pending: 'Review marked as pending',
  rejected: 'Review rejected',
};

/** Review moderation for admins. Every write recounts the product's figures and leaves an audit record. */
export class ReviewAdminService {
  constructor(
    private readonly db: Database,
    private readonly notifications: NotificationService,
    private readonly catalogue: CatalogueReader,
  ) {}

  async list(query: AdminReviewListQuery): Promise<Omit<AdminReviewListResponse, 'success'>> {
    const matching: SQL[] = [];
    if (query.search) {
      const pattern = containsPattern(query.search);
      matching.push(or(ilike(reviews.comment, pattern), ilike(reviews.title, pattern), ilike(users.name, pattern), ilike(reviews.authorName, pattern), ilike(products.name, pattern))!);
    }
    if (query.rating) matching.push(eq(reviews.rating, query.rating));
    const where = and(...matching, query.status ? eq(reviews.status, query.status) : undefined);

    const [rows, [total], byStatus] = await Promise.all([
      selectReviews(this.db, null)
        .where(where)
        .orderBy(...REVIEW_ORDER[query.sort])
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      this.db
        .select({ total: count() })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .leftJoin(users, eq(users.id, reviews.userId))
        .where(where),
      // The status cards count what the search and rating filter match, whichever status is chosen.
      this.db
        .select({ status: reviews.status, total: count(), average: avg(reviews.rating).mapWith(Number) })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .leftJoin(users, eq(users.id, reviews.userId))
        .where(and(...matching))
        .groupBy(reviews.status),
    ]);
    const stats = { total: 0, approved: 0, pending: 0, rejected: 0, averageRating: 0 };
    let ratingSum = 0;
    for (const row of byStatus) {
      stats[row.status] = row.total;
      stats.total += row.total;
      ratingSum += (row.average ?? 0) * row.total;
    }
    stats.averageRating = stats.total > 0 ? Math.round((ratingSum / stats.total) * 10) / 10 : 0;
    const totalCount = total?.total ?? 0;
    return {
      reviews: rows.map(adminReviewDto),
      pagination: { page: query.page, limit: query.limit, total: totalCount, pages: Math.ceil(totalCount / query.limit) },
      stats,
    };
  }

  private async lock(tx: Executor, id: number) {
    const [found] = await tx.select({ productId: reviews.productId }).from(reviews).where(eq(reviews.id, id));
    if (!found) throw notFoundRefusal('Review not found');
    const product = await lockProduct(tx, found.productId);
    const [read] = await selectReviews(tx, null).where(eq(reviews.id, id)).for('update', { of: reviews });
    if (!read) throw notFoundRefusal('Review not found');
    return { product, before: adminReviewDto(read) };
  }

  /** Moderation: the product's figures follow at once; a rejected review's author is told. */
  async setStatus(actorId: string, id: number, status: ReviewStatus): Promise<AdminReview> {
    const after = await this.db.transaction(async (tx) => {
      const { product, before } = await this.lock(tx, id);
      await tx.update(reviews).set({ status, updatedAt: sql`now()` }).where(eq(reviews.id, id));
      await refreshProductFigures(tx, product.id);
      const [read] = await selectReviews(tx, null).where(eq(reviews.id, id));
      const updated = adminReviewDto(read!);
      await recordAudit(tx, { actorId, action: 'review.status', targetType: 'review', targetId: String(id), details: { before: { status: before.status }, after: { status }, productId: product.id } });
      if (status === 'rejected' && before.status !== 'rejected' && before.userId) {
        await this.notifications.notify(
          {
            userId: before.userId,
            type: 'review',
            priority: 'medium',
            title: 'Review Not Published',
            message: `Your review of ${product.name} did not meet our community guidelines and is not shown on the product page.`,
            actionUrl: `/products/${product.slug}`,
          },
          tx,
        );
      }
      return updated;
    });
    this.catalogue.invalidate();
    return after;
  }

  async remove(actorId: string, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { product, before } = await this.lock(tx, id);
      await tx.delete(reviews).where(eq(reviews.id, id));
      await refreshProductFigures(tx, product.id);
      await recordAudit(tx, { actorId, action: 'review.delete', targetType: 'review', targetId: String(id), details: { before, after: null } });
    });
    this.catalogue.invalidate();
  }
}

