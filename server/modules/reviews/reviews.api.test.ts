import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductReviewsResponse, Review } from '../../../contracts/reviews.ts';
import { call, registerCustomer } from '../../../tests/support/accounts.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { checkouts, notifications, orderItems, orders, products, reviewVotes, reviews, users } from '../../db/schema/index.ts';

let shop: TestShop;
let productId: number;
let otherProductId: number;

const review = (overrides: Record<string, unknown> = {}) => ({
  productId,
  title: 'Smoke and saffron',
  comment: 'Lasted through a long wedding night.',
  rating: 4,
  ratings: { potency: 5, longevity: 4, aura: 3 },
  ...overrides,
});

/** The product's stored figures next to the figures of its approved reviews, counted here independently. */
async function figures(id: number) {
  const [product] = await shop.database.db.select({ rating: products.rating, reviewCount: products.reviewCount }).from(products).where(eq(products.id, id));
  const approved = await shop.database.db.select({ rating: reviews.rating }).from(reviews).where(and(eq(reviews.productId, id), eq(reviews.status, 'approved')));
  const average = approved.length ? Math.round((approved.reduce((sum, row) => sum + row.rating, 0) / approved.length) * 10) / 10 : 0;
  return { stored: product, counted: { rating: average, reviewCount: approved.length } };
}

async function expectFiguresConsistent(id: number) {
  const { stored, counted } = await figures(id);
  expect(stored).toEqual(counted);
  const page = await call(shop, 'GET', `/api/products/${id}`);
  expect(page.body.product).toMatchObject(counted);
  return counted;
}

async function insertOrder(userId: string, forProduct: number, state: { status: 'pending' | 'delivered' | 'cancelled'; paymentStatus: 'paid' | 'pending' | 'refunded' }) {
  const db = shop.database.db;
  const address = { street: '12 MG Road', city: 'Pune', state: 'Maharashtra', zipCode: '411001', country: 'India' };
  const providerOrderId = `order_${Math.random().toString(36).slice(2)}`;
  const [checkout] = await db
    .insert(checkouts)
    .values({ userId, provider: 'sandbox', providerOrderId, amountPaise: 299_900, subtotalPaise: 299_900, lines: [], customer: { name: 'Mira', email: 'mira@deosil.test', phone: '' }, shippingAddress: address, status: 'paid' })
    .returning();
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: `DP-${providerOrderId}`,
      userId,
      checkoutId: checkout!.id,
      status: state.status,
      paymentStatus: state.paymentStatus,
      paymentProvider: 'sandbox',
      providerOrderId,
      subtotalPaise: 299_900,
      totalPaise: 299_900,
      customerName: 'Mira',
      customerEmail: 'mira@deosil.test',
      shippingAddress: address,
    })
    .returning();
  await db.insert(orderItems).values({ orderId: order!.id, productId: forProduct, name: 'Potion', slug: 'potion', categoryId: 'signature', size: '30ml', quantity: 1, unitPricePaise: 299_900, lineTotalPaise: 299_900 });
}

beforeAll(async () => {
  shop = await startTestShop();
  const rows = await shop.database.db.select({ id: products.id }).from(products).orderBy(products.id).limit(2);
  productId = rows[0]!.id;
  otherProductId = rows[1]!.id;
});
afterAll(async () => {
  await shop?.close();
});

describe('reading reviews', () => {
  it('comes with the demo catalogue: approved testimonials whose figures are the product figures', async () => {
    const response = await call(shop, 'GET', `/api/reviews/product/${productId}`);
    expect(response.status).toBe(200);
    const body = response.body as unknown as ProductReviewsResponse;
    expect(body.reviews.length).toBeGreaterThanOrEqual(3);
    expect(body.reviews[0]).toMatchObject({ customerName: expect.stringContaining('(demo)'), user: null, verifiedPurchase: false, status: 'approved' });
    const counted = await expectFiguresConsistent(productId);
    expect(body.summary).toMatchObject({ totalReviews: counted.reviewCount, averageRating: counted.rating });
    const distributed = Object.values(body.summary.ratingDistribution).reduce((sum, n) => sum + n, 0);
    expect(distributed).toBe(counted.reviewCount);
    expect(body.myReview).toBeNull();
  });

  it('sorts, filters by rating and pages', async () => {
    const highest = (await call(shop, 'GET', `/api/reviews/product/${productId}?sort=highest`)).body as unknown as ProductReviewsResponse;
    const ratings = highest.reviews.map((entry) => entry.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const lowest = (await call(shop, 'GET', `/api/reviews/product/${productId}?sort=lowest`)).body as unknown as ProductReviewsResponse;
    expect(lowest.reviews.map((entry) => entry.rating)).toEqual([...ratings].sort((a, b) => a - b));
    const oldest = (await call(shop, 'GET', `/api/reviews/product/${productId}?sort=oldest`)).body as unknown as ProductReviewsResponse;
    const dates = oldest.reviews.map((entry) => entry.createdAt);
    expect(dates).toEqual([...dates].sort());
    const fives = (await call(shop, 'GET', `/api/reviews/product/${productId}?rating=5`)).body as unknown as ProductReviewsResponse;
    expect(fives.reviews.every((entry) => entry.rating === 5)).toBe(true);
    expect(fives.pagination.total).toBe(fives.summary.ratingDistribution[5]);
    const paged = (await call(shop, 'GET', `/api/reviews/product/${productId}?limit=1&page=2`)).body as unknown as ProductReviewsResponse;
    expect(paged.reviews).toHaveLength(1);
    expect(paged.pagination).toMatchObject({ page: 2, limit: 1, total: highest.pagination.total });
  });

  it('refuses bad queries naming the field and answers 404 for an unknown product', async () => {
    for (const [query, field] of [
      ['sort=random', 'sort'],
      ['rating=6', 'rating'],
      ['rating=two', 'rating'],
      ['limit=500', 'limit'],
      ['page=0', 'page'],
    ]) {
      const response = await call(shop, 'GET', `/api/reviews/product/${productId}?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.errors?.map((error) => error.field)).toContain(field);
    }
    expect((await call(shop, 'GET', '/api/reviews/product/999999')).status).toBe(404);
    expect((await call(shop, 'GET', '/api/reviews/product/abc')).status).toBe(400);
  });
});

describe('writing a review', () => {
  it('needs a session', async () => {
    const response = await call(shop, 'POST', '/api/reviews', { body: review() });
    expect(response.status).toBe(401);
    expect(response.body.message).toContain('Authentication required');
  });

  it.each([
    [{ comment: '' }, 'comment'],
    [{ comment: '   ' }, 'comment'],
    [{ comment: undefined }, 'comment'],
    [{ comment: 'x'.repeat(2001) }, 'comment'],
    [{ title: 't'.repeat(121) }, 'title'],
    [{ rating: 0 }, 'rating'],
    [{ rating: 6 }, 'rating'],
    [{ rating: 4.5 }, 'rating'],
    [{ rating: '5' }, 'rating'],
    [{ ratings: { potency: 0, longevity: 4, aura: 3 } }, 'ratings.potency'],
    [{ ratings: { potency: 5, longevity: 7, aura: 3 } }, 'ratings.longevity'],
    [{ ratings: { potency: 5, longevity: 4 } }, 'ratings.aura'],
    [{ ratings: { potency: 5, longevity: 4, aura: 3, effectiveness: 9 } }, 'ratings.effectiveness'],
    [{ ratings: undefined }, 'ratings'],
    [{ productId: 'potion' }, 'productId'],
    // Ids are whole numbers or their digits, nothing a loose conversion would turn into one.
    [{ productId: true }, 'productId'],
    [{ productId: '0x10' }, 'productId'],
    [{ productId: [5] }, 'productId'],
    [{ productId: 2_147_483_648 }, 'productId'],
    [{ comment: 'Smoke\u0000and saffron' }, 'comment'],
    [{ title: 'Moon \uD83C' }, 'title'],
  ])('refuses %j naming %s, writing nothing', async (overrides, field) => {
    const { token } = await registerCustomer(shop);
    const before = await shop.database.db.$count(reviews);
    const response = await call(shop, 'POST', '/api/reviews', { token, body: review(overrides) });
    expect(response.status).toBe(400);
    expect(response.body.errors?.map((error) => error.field)).toContain(field);
    expect(await shop.database.db.$count(reviews)).toBe(before);
  });

  it('answers 404 for a product that does not exist', async () => {
    const { token } = await registerCustomer(shop);
    expect((await call(shop, 'POST', '/api/reviews', { token, body: review({ productId: 999_999 }) })).status).toBe(404);
  });

  it('publishes at once, updates the product figures and tells the admins', async () => {
    const { token, user } = await registerCustomer(shop, { name: 'Tara Vale' });
    const [admin] = await shop.database.db.insert(users).values({ name: 'Keeper', email: `keeper.${Date.now()}@deosil.test`, passwordHash: 'x', role: 'admin' }).returning();
    const created = await call(shop, 'POST', '/api/reviews', { token, body: review({ rating: 1, ratings: { potency: 1, longevity: 2, aura: 1, effectiveness: 2 }, verifiedPurchase: true }) });
    expect(created.status).toBe(201);
    const body = created.body.review as Review;
    expect(body).toMatchObject({ customerName: 'Tara Vale', user: { _id: user.id, name: 'Tara Vale' }, rating: 1, status: 'approved', verifiedPurchase: false, helpfulVotes: 0, ratings: { effectiveness: 2 } });
    const counted = await expectFiguresConsistent(productId);
    const list = (await call(shop, 'GET', `/api/reviews/product/${productId}`, { token })).body as unknown as ProductReviewsResponse;
    expect(list.summary.totalReviews).toBe(counted.reviewCount);
    expect(list.reviews[0]!.id).toBe(body.id);
    expect(list.myReview?.id).toBe(body.id);
    const told = await shop.database.db.select().from(notifications).where(eq(notifications.userId, admin!.id));
    expect(told).toEqual([expect.objectContaining({ type: 'review', title: 'New Review', message: expect.stringContaining('Tara Vale rated') })]);
  });

  it('allows one review per customer per product', async () => {
    const { token } = await registerCustomer(shop);
    expect((await call(shop, 'POST', '/api/reviews', { token, body: review() })).status).toBe(201);
    const again = await call(shop, 'POST', '/api/reviews', { token, body: review({ comment: 'Second thoughts' }) });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('already reviewed');
    expect((await call(shop, 'POST', '/api/reviews', { token, body: review({ productId: otherProductId }) })).status).toBe(201);
  });

  it('marks Verified Purchase only from a paid order that was not cancelled', async () => {
    const cases = [
      { state: { status: 'delivered', paymentStatus: 'paid' }, verified: true },
      { state: { status: 'pending', paymentStatus: 'pending' }, verified: false },
      { state: { status: 'cancelled', paymentStatus: 'paid' }, verified: false },
      { state: { status: 'cancelled', paymentStatus: 'refunded' }, verified: false },
    ] as const;
    for (const { state, verified } of cases) {
      const { token, user } = await registerCustomer(shop);
      await insertOrder(user.id, productId, state);
      const created = await call(shop, 'POST', '/api/reviews', { token, body: review() });
      expect((created.body.review as Review).verifiedPurchase, JSON.stringify(state)).toBe(verified);
    }
    const { token, user } = await registerCustomer(shop);
    await insertOrder(user.id, otherProductId, { status: 'delivered', paymentStatus: 'paid' });
    const elsewhere = await call(shop, 'POST', '/api/reviews', { token, body: review({ verifiedPurchase: true, verified: true }) });
    expect((elsewhere.body.review as Review).verifiedPurchase).toBe(false);
  });

  it('shows Anonymous once the author account is gone', async () => {
    const { token, user } = await registerCustomer(shop, { name: 'Gone Soon' });
    const created = await call(shop, 'POST', '/api/reviews', { token, body: review({ productId: otherProductId }) });
    await shop.database.db.delete(users).where(eq(users.id, user.id));
    const list = (await call(shop, 'GET', `/api/reviews/product/${otherProductId}`)).body as unknown as ProductReviewsResponse;
    expect(list.reviews.find((entry) => entry.id === (created.body.review as Review).id)).toMatchObject({ customerName: 'Anonymous', user: null });
  });
});

describe('editing and deleting', () => {
  it('lets only the author edit or delete, keeping the figures in step', async () => {
    const author = await registerCustomer(shop);
    const stranger = await registerCustomer(shop);
    const created = await call(shop, 'POST', '/api/reviews', { token: author.token, body: review({ productId: otherProductId, rating: 5 }) });
    const id = (created.body.review as Review).id;
    const edit = review({ rating: 2, comment: 'It faded by noon.', ratings: { potency: 2, longevity: 1, aura: 2 } });
    delete (edit as { productId?: number }).productId;

    expect((await call(shop, 'PUT', `/api/reviews/${id}`, { body: edit })).status).toBe(401);
    expect((await call(shop, 'PUT', `/api/reviews/${id}`, { token: stranger.token, body: edit })).status).toBe(403);
    expect((await call(shop, 'DELETE', `/api/reviews/${id}`, { token: stranger.token })).status).toBe(403);
    expect((await call(shop, 'PUT', '/api/reviews/999999', { token: author.token, body: edit })).status).toBe(404);
    expect((await call(shop, 'DELETE', '/api/reviews/999999', { token: author.token })).status).toBe(404);
    const invalid = await call(shop, 'PUT', `/api/reviews/${id}`, { token: author.token, body: { ...edit, comment: '' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors?.[0]?.field).toBe('comment');

    const updated = await call(shop, 'PUT', `/api/reviews/${id}`, { token: author.token, body: edit });
    expect(updated.status).toBe(200);
    expect(updated.body.review).toMatchObject({ rating: 2, comment: 'It faded by noon.' });
    await expectFiguresConsistent(otherProductId);

    expect((await call(shop, 'DELETE', `/api/reviews/${id}`, { token: author.token })).status).toBe(200);
    expect(await shop.database.db.$count(reviews, eq(reviews.id, id))).toBe(0);
    await expectFiguresConsistent(otherProductId);
    // With the old review gone, the customer may write a new one.
    expect((await call(shop, 'POST', '/api/reviews', { token: author.token, body: review({ productId: otherProductId }) })).status).toBe(201);
  });
});

describe('helpful votes', () => {
  it('toggle per customer, count each customer once, and never count the author', async () => {
    const author = await registerCustomer(shop);
    const first = await registerCustomer(shop);
    const second = await registerCustomer(shop);
    const created = await call(shop, 'POST', '/api/reviews', { token: author.token, body: review({ productId: otherProductId }) });
    const id = (created.body.review as Review).id;

    expect((await call(shop, 'POST', `/api/reviews/${id}/helpful`)).status).toBe(401);
    const own = await call(shop, 'POST', `/api/reviews/${id}/helpful`, { token: author.token });
    expect(own.status).toBe(403);

    expect((await call(shop, 'POST', `/api/reviews/${id}/helpful`, { token: first.token })).body).toMatchObject({ helpfulVotes: 1, voted: true });
    expect((await call(shop, 'POST', `/api/reviews/${id}/helpful`, { token: second.token })).body).toMatchObject({ helpfulVotes: 2, voted: true });
    expect((await call(shop, 'POST', `/api/reviews/${id}/helpful`, { token: first.token })).body).toMatchObject({ helpfulVotes: 1, voted: false });

    // Many clicks at once by one customer still leave that customer counted at most once.
    const burst = await Promise.all(Array.from({ length: 5 }, () => call(shop, 'POST', `/api/reviews/${id}/helpful`, { token: first.token })));
    expect(burst.every((response) => response.status === 200)).toBe(true);
    const votes = await shop.database.db.$count(reviewVotes, eq(reviewVotes.reviewId, id));
    const [stored] = await shop.database.db.select({ helpfulVotes: reviews.helpfulVotes }).from(reviews).where(eq(reviews.id, id));
    expect(votes).toBe(2); // second's vote, and first's again after an odd number of toggles
    expect(stored!.helpfulVotes).toBe(votes);

    const seen = (await call(shop, 'GET', `/api/reviews/product/${otherProductId}?sort=helpful`, { token: second.token })).body as unknown as ProductReviewsResponse;
    expect(seen.reviews[0]).toMatchObject({ id, helpfulVotes: 2, userHelpfulVote: true });
    expect((await call(shop, 'POST', '/api/reviews/999999/helpful', { token: first.token })).status).toBe(404);
  });
});
