import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReviewListResponse, ProductReviewsResponse, Review } from '../../../contracts/reviews.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { auditLog, notifications, products, reviews } from '../../db/schema/index.ts';

let shop: TestShop;
let admin: string;
let productId: number;

async function storedFigures(id: number) {
  const [product] = await shop.database.db.select({ rating: products.rating, reviewCount: products.reviewCount }).from(products).where(eq(products.id, id));
  const approved = await shop.database.db.select({ rating: reviews.rating }).from(reviews).where(and(eq(reviews.productId, id), eq(reviews.status, 'approved')));
  const rating = approved.length ? Math.round((approved.reduce((sum, row) => sum + row.rating, 0) / approved.length) * 10) / 10 : 0;
  expect(product).toEqual({ rating, reviewCount: approved.length });
  return product!;
}

async function writeReview(comment: string, rating = 5) {
  const customer = await registerCustomer(shop, { name: 'Nila Moon' });
  const created = await call(shop, 'POST', '/api/reviews', { token: customer.token, body: { productId, title: 'Moonlit', comment, rating, ratings: { potency: 4, longevity: 4, aura: 4 } } });
  expect(created.status).toBe(201);
  return { customer, review: created.body.review as Review };
}

beforeAll(async () => {
  shop = await startTestShop();
  admin = await signInAdmin(shop);
  productId = (await shop.database.db.select({ id: products.id }).from(products).orderBy(products.id).limit(1))[0]!.id;
});
afterAll(async () => {
  await shop?.close();
});

describe('review moderation', () => {
  it('lists every review with status counts, search, filters, sort and a page of at most 50', async () => {
    await writeReview('A searchable hibiscus whisper', 2);
    const all = await call(shop, 'GET', '/api/admin/reviews', { token: admin });
    expect(all.status).toBe(200);
    const body = all.body as unknown as AdminReviewListResponse;
    expect(body.pagination.limit).toBe(50);
    expect(body.reviews.length).toBeLessThanOrEqual(50);
    expect(body.stats.total).toBe(await shop.database.db.$count(reviews));
    expect(body.stats.approved).toBe(body.stats.total);

    const found = (await call(shop, 'GET', '/api/admin/reviews?search=hibiscus%20whisper', { token: admin })).body as unknown as AdminReviewListResponse;
    expect(found.reviews).toEqual([expect.objectContaining({ userName: 'Nila Moon', overallRating: 2, comment: 'A searchable hibiscus whisper', status: 'approved', verifiedPurchase: false })]);
    const byAuthor = (await call(shop, 'GET', '/api/admin/reviews?search=nila', { token: admin })).body as unknown as AdminReviewListResponse;
    expect(byAuthor.reviews.length).toBeGreaterThan(0);
    const twos = (await call(shop, 'GET', '/api/admin/reviews?rating=2', { token: admin })).body as unknown as AdminReviewListResponse;
    expect(twos.reviews.every((entry) => entry.rating === 2)).toBe(true);
    const lowest = (await call(shop, 'GET', '/api/admin/reviews?sort=lowest', { token: admin })).body as unknown as AdminReviewListResponse;
    expect(lowest.reviews[0]!.rating).toBe(Math.min(...lowest.reviews.map((entry) => entry.rating)));
    const tooMany = await call(shop, 'GET', '/api/admin/reviews?limit=51', { token: admin });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors?.[0]?.field).toBe('limit');
    expect((await call(shop, 'GET', '/api/admin/reviews?status=hidden', { token: admin })).body.errors?.[0]?.field).toBe('status');
  });

  it('rejects, pends and approves: the product page and figures follow, each change audited, the author told of a rejection', async () => {
    const { customer, review } = await writeReview('Rejected soon', 1);
    const withReview = await storedFigures(productId);

    const rejected = await call(shop, 'PUT', `/api/admin/reviews/${review.id}/status`, { token: admin, body: { status: 'rejected' } });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ success: true, review: { status: 'rejected' } });
    const afterReject = await storedFigures(productId);
    expect(afterReject.reviewCount).toBe(withReview.reviewCount - 1);
    const page = (await call(shop, 'GET', `/api/reviews/product/${productId}?limit=50`)).body as unknown as ProductReviewsResponse;
    expect(page.reviews.map((entry) => entry.id)).not.toContain(review.id);
    expect((await call(shop, 'GET', `/api/products/${productId}`)).body.product).toMatchObject(afterReject);
    // The author still sees their own review, and still cannot write a second one.
    const own = (await call(shop, 'GET', `/api/reviews/product/${productId}`, { token: customer.token })).body as unknown as ProductReviewsResponse;
    expect(own.myReview).toMatchObject({ id: review.id, status: 'rejected' });
    const told = await shop.database.db.select().from(notifications).where(and(eq(notifications.userId, customer.user.id), eq(notifications.type, 'review')));
    expect(told).toEqual([expect.objectContaining({ type: 'review', title: 'Review Not Published' })]);

    const filtered = (await call(shop, 'GET', '/api/admin/reviews?status=rejected', { token: admin })).body as unknown as AdminReviewListResponse;
    expect(filtered.reviews.map((entry) => entry.id)).toEqual([review.id]);
    expect(filtered.stats.rejected).toBe(1);

    await call(shop, 'PUT', `/api/admin/reviews/${review.id}/status`, { token: admin, body: { status: 'pending' } });
    expect((await storedFigures(productId)).reviewCount).toBe(afterReject.reviewCount);
    await call(shop, 'PUT', `/api/admin/reviews/${review.id}/status`, { token: admin, body: { status: 'approved' } });
    expect(await storedFigures(productId)).toEqual(withReview);

    const audits = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'review'), eq(auditLog.targetId, String(review.id))));
    expect(audits.map((entry) => entry.details)).toEqual([
      expect.objectContaining({ before: { status: 'approved' }, after: { status: 'rejected' } }),
      expect.objectContaining({ before: { status: 'rejected' }, after: { status: 'pending' } }),
      expect.objectContaining({ before: { status: 'pending' }, after: { status: 'approved' } }),
    ]);
    // Only the rejection told the author anything.
    expect(await shop.database.db.$count(notifications, and(eq(notifications.userId, customer.user.id), eq(notifications.type, 'review')))).toBe(1);
  });

  it('refuses an unknown status naming the field, and answers 404 for an unknown review', async () => {
    const { review } = await writeReview('Status checks');
    const bad = await call(shop, 'PUT', `/api/admin/reviews/${review.id}/status`, { token: admin, body: { status: 'hidden' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('status');
    expect((await call(shop, 'PUT', '/api/admin/reviews/999999/status', { token: admin, body: { status: 'approved' } })).status).toBe(404);
    expect((await call(shop, 'DELETE', '/api/admin/reviews/999999', { token: admin })).status).toBe(404);
  });

  it('deletes a review, recounting the figures and keeping the review in the audit record', async () => {
    const { review } = await writeReview('Deleted by the keeper', 3);
    const response = await call(shop, 'DELETE', `/api/admin/reviews/${review.id}`, { token: admin });
    expect(response.status).toBe(200);
    expect(await shop.database.db.$count(reviews, eq(reviews.id, review.id))).toBe(0);
    await storedFigures(productId);
    const [audit] = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'review.delete'), eq(auditLog.targetId, String(review.id))));
    expect(audit?.details).toMatchObject({ before: { comment: 'Deleted by the keeper' }, after: null });
  });

  it('is for admins only', async () => {
    const { customer, review } = await writeReview('Guarded');
    for (const [method, url, body] of [
      ['GET', '/api/admin/reviews', undefined],
      ['PUT', `/api/admin/reviews/${review.id}/status`, { status: 'rejected' }],
      ['DELETE', `/api/admin/reviews/${review.id}`, undefined],
    ] as const) {
      expect((await call(shop, method, url, { body })).status).toBe(401);
      expect((await call(shop, method, url, { token: customer.token, body })).status).toBe(403);
    }
    const [row] = await shop.database.db.select({ status: reviews.status }).from(reviews).where(eq(reviews.id, review.id));
    expect(row?.status).toBe('approved');
  });
});
