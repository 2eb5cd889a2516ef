import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AchievementsResponse, ProfileOrdersResponse } from '../../../contracts/profile.ts';
import { checkouts, festivals, notifications, orderItems, orders, personalCoupons, products, productViews, reviews, users } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { grantAchievementRewards, redeemPersonalCoupon } from './achievement-rewards.ts';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date();
let shop: TestShop;
let catalogue: { id: number; categoryId: string; slug: string; name: string }[];

beforeAll(async () => {
  shop = await startTestShop({ clock: () => now });
  catalogue = await shop.database.db.select({ id: products.id, categoryId: products.categoryId, slug: products.slug, name: products.name }).from(products);
});
afterAll(async () => {
  await shop?.close();
});

interface OrderSpec {
  at: Date;
  totalPaise: number;
  status?: 'pending' | 'delivered' | 'cancelled';
  paymentStatus?: 'paid' | 'pending' | 'refunded';
  /** Given back for a return, the order still standing. */
  refundedPaise?: number;
  festivalId?: number | null;
  productIds?: number[];
}

let orderCounter = 0;
/** An order as checkout would leave it, written straight into the tables. */
async function insertOrder(userId: string, spec: OrderSpec): Promise<string> {
  const db = shop.database.db;
  orderCounter += 1;
  const providerOrderId = `order_test_${orderCounter}_${randomUUID().slice(0, 8)}`;
  const [checkout] = await db
    .insert(checkouts)
    .values({
      userId,
      provider: 'sandbox',
      providerOrderId,
      amountPaise: Math.max(100, spec.totalPaise),
      subtotalPaise: spec.totalPaise,
      lines: [],
      customer: { name: 'Mira', email: 'mira@deosil.test', phone: '' },
      shippingAddress: { street: '12 Lotus Lane', city: 'Pune', state: 'Maharashtra', zipCode: '411001', country: 'India' },
      status: 'paid',
      createdAt: spec.at,
    })
    .returning();
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: `DP-TEST-${orderCounter}-${randomUUID().slice(0, 6)}`,
      userId,
      checkoutId: checkout!.id,
      status: spec.status ?? 'delivered',
      paymentStatus: spec.paymentStatus ?? 'paid',
      paymentProvider: 'sandbox',
      providerOrderId,
      subtotalPaise: spec.totalPaise,
      totalPaise: spec.totalPaise,
      refundedPaise: spec.refundedPaise ?? 0,
      festivalId: spec.festivalId ?? null,
      customerName: 'Mira',
      customerEmail: 'mira@deosil.test',
      shippingAddress: { street: '12 Lotus Lane', city: 'Pune', state: 'Maharashtra', zipCode: '411001', country: 'India' },
      createdAt: spec.at,
    })
    .returning();
  const lineProducts = (spec.productIds ?? [catalogue[0]!.id]).map((id) => catalogue.find((product) => product.id === id)!);
  await db.insert(orderItems).values(
    lineProducts.map((product, index) => ({
      orderId: order!.id,
      productId: product.id,
      name: product.name,
      slug: product.slug,
      categoryId: product.categoryId,
      size: '50ml',
      quantity: 1,
      unitPricePaise: index === 0 ? spec.totalPaise : 0,
      lineTotalPaise: index === 0 ? spec.totalPaise : 0,
    })),
  );
  return order!.id;
}

const ist = (local: string) => new Date(`${local}+05:30`);

async function achievements(token: string): Promise<AchievementsResponse> {
  const response = await call(shop, 'GET', '/api/profile/achievements', { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as unknown as AchievementsResponse;
}
const find = (body: AchievementsResponse, id: string) => body.achievements.find((achievement) => achievement.id === id)!;
const notificationTitles = async (userId: string) =>
  (await shop.database.db.select({ title: notifications.title }).from(notifications).where(eq(notifications.userId, userId))).map((row) => row.title);

describe('GET /api/profile/achievements', () => {
  it('needs a signed-in customer', async () => {
    expect((await call(shop, 'GET', '/api/profile/achievements')).status).toBe(401);
  });

  it('starts a new customer as a Mystical Novice with every achievement locked', async () => {
    const { token } = await registerCustomer(shop);
    const body = await achievements(token);
    expect(body.level).toEqual({ name: 'Mystical Novice', totalSpent: 0, next: 'Fragrance Explorer', remaining: 100 });
    expect(body.achievements).toHaveLength(20);
    expect(body.achievements.every((achievement) => !achievement.unlocked && achievement.unlockedAt === null)).toBe(true);
    expect(body.achievements[0]).toMatchObject({ id: 'first-potion', category: 'PURCHASING', rarity: 'common', requirement: { type: 'orders_placed', value: 1 }, reward: { type: 'discount', value: 5, description: '5% off next order' } });
    expect(body.stats).toMatchObject({ ordersPlaced: 0, totalSpent: 0, unlockedCount: 0, totalAchievements: 20, points: 0 });
    expect(body.coupons).toEqual([]);
  });

  it('reflects paid orders only: level, spending, seasons and the midnight hour on India time, with the unlock dates of the orders that did it', async () => {
    const { token, user } = await registerCustomer(shop);
    const first = ist('2026-01-10T00:30:00'); // winter, in the witching hour
    const second = ist('2026-04-02T14:00:00'); // spring
    await insertOrder(user.id, { at: first, totalPaise: 60_00 });
    await insertOrder(user.id, { at: second, totalPaise: 200_00 });
    // Neither a cancelled order nor an unpaid one counts.
    await insertOrder(user.id, { at: ist('2026-07-01T10:00:00'), totalPaise: 900_00, status: 'cancelled' });
    await insertOrder(user.id, { at: ist('2026-07-02T10:00:00'), totalPaise: 900_00, status: 'pending', paymentStatus: 'pending' });

    const body = await achievements(token);
    expect(body.level).toEqual({ name: 'Scent Seeker', totalSpent: 260, next: 'Potion Adept', remaining: 240 });
    expect(find(body, 'first-potion')).toMatchObject({ unlocked: true, unlockedAt: first.toISOString(), progress: 100 });
    expect(find(body, 'first-offering')).toMatchObject({ unlocked: true, unlockedAt: second.toISOString() });
    expect(find(body, 'potion-collector')).toMatchObject({ unlocked: false, current: 2, target: 5, progress: 40 });
    expect(find(body, 'winter-witch')).toMatchObject({ unlocked: true, unlockedAt: first.toISOString() });
    expect(find(body, 'spring-enchanter').unlocked).toBe(true);
    expect(find(body, 'summer-sorcerer').unlocked).toBe(false);
    expect(find(body, 'witching-hour')).toMatchObject({ unlocked: true, unlockedAt: first.toISOString() });
    expect(body.stats).toMatchObject({ ordersPlaced: 2, totalSpent: 260, seasonsPurchased: ['winter', 'spring'], midnightOrders: 1, points: 25 });

    const me = await call(shop, 'GET', '/api/auth/me', { token });
    expect(me.body.user).toMatchObject({ mysticLevel: 'Scent Seeker', level: { name: 'Scent Seeker', remaining: 240 }, orders: 2 });
  });

  it('counts a partly returned order for what the customer kept: level, Total Spent and the admin list agree', async () => {
    const { token, user } = await registerCustomer(shop);
    await insertOrder(user.id, { at: ist('2026-03-01T10:00:00'), totalPaise: 600_00, refundedPaise: 450_00 });
    await insertOrder(user.id, { at: ist('2026-03-02T10:00:00'), totalPaise: 110_00 });

    const body = await achievements(token);
    expect(body.level).toEqual({ name: 'Scent Seeker', totalSpent: 260, next: 'Potion Adept', remaining: 240 });
    expect(body.stats).toMatchObject({ ordersPlaced: 2, totalSpent: 260 });
    const me = await call(shop, 'GET', '/api/auth/me', { token });
    expect(me.body.user).toMatchObject({ mysticLevel: 'Scent Seeker', orders: 2 });
    const detail = await call(shop, 'GET', `/api/admin/users/${user.id}`, { token: await signInAdmin(shop) });
    expect(detail.body.user).toMatchObject({ totalOrders: 2, totalSpent: 260 });
  });

  it('caps a locked achievement at 99 % and unlocks it at the paisa that meets it', async () => {
    const { token, user } = await registerCustomer(shop);
    await insertOrder(user.id, { at: ist('2026-10-01T10:00:00'), totalPaise: 499_99 });
    expect(find(await achievements(token), 'generous-patron')).toMatchObject({ unlocked: false, current: 499, progress: 99 });
    await insertOrder(user.id, { at: ist('2026-10-02T10:00:00'), totalPaise: 1 });
    expect(find(await achievements(token), 'generous-patron')).toMatchObject({ unlocked: true, progress: 100, unlockedAt: ist('2026-10-02T10:00:00').toISOString() });
  });

  it('counts distinct categories bought, reviews not rejected, products viewed and festivals joined', async () => {
    const { token, user } = await registerCustomer(shop);
    const byCategory = new Map<string, number>();
    for (const product of catalogue) if (!byCategory.has(product.categoryId)) byCategory.set(product.categoryId, product.id);
    const fiveCategories = [...byCategory.values()].slice(0, 5);
    expect(fiveCategories).toHaveLength(5);
    const db = shop.database.db;
    const festivalIds = (
      await db
        .insert(festivals)
        .values(['Holi', 'Diwali', 'Navratri'].map((name) => ({ name, startDate: ist('2026-01-01T00:00:00'), endDate: ist('2026-12-31T00:00:00') })))
        .returning({ id: festivals.id })
    ).map((row) => row.id);
    await insertOrder(user.id, { at: ist('2026-05-01T10:00:00'), totalPaise: 10_00, productIds: fiveCategories.slice(0, 3), festivalId: festivalIds[0] });
    await insertOrder(user.id, { at: ist('2026-05-02T10:00:00'), totalPaise: 10_00, productIds: fiveCategories.slice(2, 4), festivalId: festivalIds[1] });
    let body = await achievements(token);
    expect(find(body, 'realm-walker')).toMatchObject({ unlocked: false, current: 4, progress: 80 });
    expect(find(body, 'festival-spirit')).toMatchObject({ unlocked: false, current: 2, progress: 66 });
    await insertOrder(user.id, { at: ist('2026-05-03T10:00:00'), totalPaise: 10_00, productIds: [fiveCategories[4]!], festivalId: festivalIds[2] });

    await db.insert(reviews).values([
      { productId: catalogue[0]!.id, userId: user.id, comment: 'Smells of moonlight', rating: 5, potency: 5, longevity: 4, aura: 5, createdAt: ist('2026-05-04T10:00:00') },
      { productId: catalogue[1]!.id, userId: user.id, comment: 'Spam', rating: 1, potency: 1, longevity: 1, aura: 1, status: 'rejected' },
    ]);
    await db.insert(productViews).values(catalogue.slice(0, 7).map((product) => ({ userId: user.id, productId: product.id })));

    body = await achievements(token);
    expect(find(body, 'realm-walker')).toMatchObject({ unlocked: true, unlockedAt: ist('2026-05-03T10:00:00').toISOString() });
    expect(find(body, 'festival-spirit')).toMatchObject({ unlocked: true, unlockedAt: ist('2026-05-03T10:00:00').toISOString() });
    expect(find(body, 'first-whisper')).toMatchObject({ unlocked: true, unlockedAt: ist('2026-05-04T10:00:00').toISOString() });
    expect(find(body, 'voice-of-the-coven')).toMatchObject({ unlocked: false, current: 1, progress: 10 });
    expect(find(body, 'curious-wanderer')).toMatchObject({ unlocked: false, current: 7, progress: 14 });
    expect(body.stats).toMatchObject({ categoriesPurchased: 5, reviewsWritten: 1, productsViewed: 7, festivalsParticipated: 3 });
    expect(body.stats.badges).toContain('Festival Spirit badge');
    expect(body.coupons.map((coupon) => coupon.percent).sort()).toEqual([5, 8]);
  });

  it('dates membership achievements from the join date', async () => {
    const { token, user } = await registerCustomer(shop);
    const joined = new Date(now.getTime() - 31 * DAY);
    await shop.database.db.update(users).set({ createdAt: joined }).where(eq(users.id, user.id));
    const body = await achievements(token);
    expect(find(body, 'first-week')).toMatchObject({ unlocked: true, unlockedAt: new Date(joined.getTime() + 7 * DAY).toISOString() });
    expect(find(body, 'moon-cycle')).toMatchObject({ unlocked: true, unlockedAt: new Date(joined.getTime() + 30 * DAY).toISOString() });
    expect(find(body, 'year-and-a-day')).toMatchObject({ unlocked: false, current: 31, progress: 8 });
    expect(body.coupons).toEqual([expect.objectContaining({ percent: 10, achievementId: 'moon-cycle', used: false })]);
  });
});

describe('rewards and announcements', () => {
  it('issues the personal coupon once and announces each unlock and level once, however often it is evaluated', async () => {
    const { token, user } = await registerCustomer(shop);
    await insertOrder(user.id, { at: ist('2026-03-15T10:00:00'), totalPaise: 120_00 });
    const [a, b] = await Promise.all([achievements(token), achievements(token)]);
    await achievements(token);
    await shop.database.db.transaction((tx) => grantAchievementRewards(tx, user.id, now));
    expect(a.coupons).toEqual(b.coupons);
    const stored = await shop.database.db.select().from(personalCoupons).where(eq(personalCoupons.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ achievementId: 'first-potion', percentBasisPoints: 500, usedAt: null });
    expect(stored[0]!.code).toMatch(/^MYSTIC5-[A-Z2-9]{8}$/);

    const titles = await notificationTitles(user.id);
    expect(titles.filter((title) => title === 'Achievement unlocked: First Potion')).toHaveLength(1);
    expect(titles.filter((title) => title === 'Achievement unlocked: First Offering')).toHaveLength(1);
    expect(titles.filter((title) => title === 'New level: Fragrance Explorer')).toHaveLength(1);
  });

  it('keeps nothing when the order transaction that evaluated it rolls back', async () => {
    const { user } = await registerCustomer(shop);
    await insertOrder(user.id, { at: ist('2026-03-15T10:00:00'), totalPaise: 20_00 });
    await expect(
      shop.database.db.transaction(async (tx) => {
        await grantAchievementRewards(tx, user.id, now);
        throw new Error('payment could not be kept');
      }),
    ).rejects.toThrow('payment could not be kept');
    expect(await shop.database.db.select().from(personalCoupons).where(eq(personalCoupons.userId, user.id))).toEqual([]);
    expect(await notificationTitles(user.id)).not.toContain('Achievement unlocked: First Potion');
  });
});

describe('personal coupons at the cart', () => {
  it('apply for their owner only, once', async () => {
    const owner = await registerCustomer(shop);
    const stranger = await registerCustomer(shop);
    await insertOrder(owner.user.id, { at: ist('2026-03-15T10:00:00'), totalPaise: 50_00 });
    const [coupon] = (await achievements(owner.token)).coupons;
    const product = (await call(shop, 'GET', `/api/products/${catalogue[0]!.id}`)).body.product as { id: number; sizes: { size: string; price: number }[] };
    const size = product.sizes[0]!;
    const quote = (token?: string) =>
      call(shop, 'POST', '/api/cart/quote', { token, body: { items: [{ productId: product.id, size: size.size, quantity: 2 }], couponCode: coupon!.code.toLowerCase() } });

    const mine = await quote(owner.token);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ coupon: { code: coupon!.code, discountPercentage: 5, couponType: 'percentage' }, couponMessage: null });
    expect(mine.body.discount).toBeCloseTo(Math.round(size.price * 2 * 5) / 100, 2);

    const theirs = await quote(stranger.token);
    expect(theirs.body).toMatchObject({ coupon: null, discount: 0, couponMessage: 'This coupon belongs to another customer and can only be used by them' });
    expect((await quote()).body).toMatchObject({ coupon: null, couponMessage: 'Please sign in to use your personal coupon' });
    const validated = await call(shop, 'POST', '/api/coupons/validate', { token: stranger.token, body: { couponCode: coupon!.code, orderAmount: 1000 } });
    expect(validated.status).toBe(422);

    const [row] = await shop.database.db.select().from(personalCoupons).where(eq(personalCoupons.code, coupon!.code));
    const orderId = await insertOrder(owner.user.id, { at: ist('2026-03-16T10:00:00'), totalPaise: 10_00 });
    const redeemed = await Promise.all([
      shop.database.db.transaction((tx) => redeemPersonalCoupon(tx, row!.id, orderId)),
      shop.database.db.transaction((tx) => redeemPersonalCoupon(tx, row!.id, orderId)),
    ]);
    expect(redeemed.sort()).toEqual([false, true]);
    expect((await quote(owner.token)).body).toMatchObject({ coupon: null, couponMessage: 'This coupon has already been used' });
    expect((await achievements(owner.token)).coupons[0]).toMatchObject({ code: coupon!.code, used: true });
  });
});

describe('POST /api/profile/product-views', () => {
  it('records each product once for the signed-in customer', async () => {
    const { token, user } = await registerCustomer(shop);
    const productId = catalogue[2]!.id;
    expect((await call(shop, 'POST', '/api/profile/product-views', { token, body: { productId } })).body).toMatchObject({ success: true, recorded: true });
    expect((await call(shop, 'POST', '/api/profile/product-views', { token, body: { productId } })).body).toMatchObject({ success: true, recorded: false });
    const rows = await shop.database.db.select().from(productViews).where(and(eq(productViews.userId, user.id), eq(productViews.productId, productId)));
    expect(rows).toHaveLength(1);
    expect((await achievements(token)).stats.productsViewed).toBe(1);
  });

  it('refuses visitors, unknown products and bad bodies', async () => {
    const { token } = await registerCustomer(shop);
    expect((await call(shop, 'POST', '/api/profile/product-views', { body: { productId: 1 } })).status).toBe(401);
    expect((await call(shop, 'POST', '/api/profile/product-views', { token, body: { productId: 999_999 } })).status).toBe(404);
    const bad = await call(shop, 'POST', '/api/profile/product-views', { token, body: { productId: 'rose' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('productId');
  });
});

describe('GET /api/profile/orders', () => {
  it('lists the five latest orders with their items and the count of all', async () => {
    const { token, user } = await registerCustomer(shop);
    expect((await call(shop, 'GET', '/api/profile/orders', { token })).body).toEqual({ success: true, orders: [], total: 0, standing: 0 });
    for (let day = 1; day <= 6; day += 1) await insertOrder(user.id, { at: ist(`2026-06-0${day}T10:00:00`), totalPaise: day * 100_00 });
    const body = (await call(shop, 'GET', '/api/profile/orders', { token })).body as unknown as ProfileOrdersResponse;
    expect(body.total).toBe(6);
    expect(body.standing).toBe(6);
    expect(body.orders.map((order) => order.total)).toEqual([600, 500, 400, 300, 200]);
    expect(body.orders[0]).toMatchObject({ status: 'delivered', itemCount: 1, items: [{ name: catalogue[0]!.name, quantity: 1, size: '50ml' }] });
    expect((await call(shop, 'GET', '/api/profile/orders')).status).toBe(401);
  });

  it('counts orders as the profile does: a cancelled order is listed but not counted', async () => {
    const { token, user } = await registerCustomer(shop);
    await insertOrder(user.id, { at: ist('2026-06-01T10:00:00'), totalPaise: 100_00 });
    await insertOrder(user.id, { at: ist('2026-06-02T10:00:00'), totalPaise: 200_00, status: 'cancelled', paymentStatus: 'refunded' });
    const body = (await call(shop, 'GET', '/api/profile/orders', { token })).body as unknown as ProfileOrdersResponse;
    expect(body).toMatchObject({ total: 2, standing: 1 });
    expect(body.orders.map((order) => order.status)).toEqual(['cancelled', 'delivered']);
    const me = (await call(shop, 'GET', '/api/auth/me', { token })).body as { user: { orders: number } };
    expect(me.user.orders).toBe(body.standing);
  });
});
