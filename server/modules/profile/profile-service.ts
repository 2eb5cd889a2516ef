import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { achievementById, type AchievementStanding } from '../../../domain/achievements.ts';
import { BASIS_POINTS_PER_PERCENT } from '../../../domain/coupons.ts';
import { paiseToRupees } from '../../../domain/money.ts';
import type { Achievement, AchievementsResponse, ProfileOrdersResponse } from '../../../contracts/profile.ts';
import { levelDto, PROFILE_RECENT_ORDERS } from '../../../contracts/profile.ts';
import type { Database } from '../../db/client.ts';
import { orderItems, orders, personalCoupons, products, productViews } from '../../db/schema/index.ts';
import { countsAsSpentSql } from '../orders/order-totals.ts';
import { grantAchievementRewards } from './achievement-rewards.ts';
import { notFoundRefusal, Refusal } from '../../../domain/refusal.ts';

function achievementDto(standing: AchievementStanding): Achievement {
  const { achievement } = standing;
  return {
    id: achievement.id,
    title: achievement.title,
    description: achievement.description,
    category: achievement.category,
    rarity: achievement.rarity,
    icon: achievement.icon,
    requirement: achievement.requirement,
    reward: achievement.reward,
    unlocked: standing.unlocked,
    unlockedAt: standing.unlockedAt?.toISOString() ?? null,
    current: standing.current,
    target: standing.target,
    progress: standing.progress,
  };
}

export class ProfileService {
  constructor(private readonly db: Database) {}

  /** The customer's level, stats and achievements; newly met ones are recorded, rewarded and announced first. */
  async achievements(userId: string, now: Date): Promise<AchievementsResponse> {
    const evaluation = await this.db.transaction((tx) => grantAchievementRewards(tx, userId, now));
    if (!evaluation) throw new Refusal('unauthenticated', 'Authentication required');
    const coupons = await this.db.select().from(personalCoupons).where(eq(personalCoupons.userId, userId)).orderBy(asc(personalCoupons.createdAt));
    const { standings, stats, level } = evaluation;
    const unlocked = standings.filter((standing) => standing.unlocked);
    return {
      success: true,
      level: levelDto(level),
      stats: {
        ordersPlaced: stats.ordersPlaced,
        totalSpent: paiseToRupees(stats.totalSpentPaise),
        memberDays: stats.memberDays,
        productsViewed: stats.productsViewed,
        categoriesPurchased: stats.categoriesPurchased,
        reviewsWritten: stats.reviewsWritten,
        festivalsParticipated: stats.festivalsParticipated,
        seasonsPurchased: stats.seasonsPurchased,
        midnightOrders: stats.midnightOrders,
        unlockedCount: unlocked.length,
        totalAchievements: standings.length,
        points: unlocked.reduce((sum, standing) => sum + (standing.achievement.reward.type === 'points' ? standing.achievement.reward.value : 0), 0),
        badges: unlocked.flatMap((standing) =>
          standing.achievement.reward.type === 'badge' || standing.achievement.reward.type === 'avatar_frame' ? [standing.achievement.reward.description] : [],
        ),
      },
      achievements: standings.map(achievementDto),
      coupons: coupons.map((coupon) => ({
        code: coupon.code,
        percent: coupon.percentBasisPoints / BASIS_POINTS_PER_PERCENT,
        achievementId: coupon.achievementId,
        achievementTitle: achievementById(coupon.achievementId)?.title ?? coupon.achievementId,
        createdAt: coupon.createdAt.toISOString(),
        used: coupon.usedAt !== null,
        usedAt: coupon.usedAt?.toISOString() ?? null,
      })),
    };
  }

  /** Remembers the first time a customer opened a product; later visits change nothing. */
  async recordProductView(userId: string, productId: number, now: Date): Promise<{ recorded: boolean }> {
    const [product] = await this.db.select({ id: products.id }).from(products).where(and(eq(products.id, productId), isNull(products.archivedAt)));
    if (!product) throw notFoundRefusal('Product not found');
    const rows = await this.db.insert(productViews).values({ userId, productId, firstViewedAt: now }).onConflictDoNothing().returning({ productId: productViews.productId });
    return { recorded: rows.length === 1 };
  }

  /** The latest orders for the profile's history, with how many there are in all. */
  async recentOrders(userId: string): Promise<ProfileOrdersResponse> {
    const [rows, [totals]] = await Promise.all([
      this.db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)).limit(PROFILE_RECENT_ORDERS),
      this.db
        .select({ total: count(), standing: sql<number>`count(*) filter (where ${countsAsSpentSql})`.mapWith(Number) })
        .from(orders)
        .where(eq(orders.userId, userId)),
    ]);
    const items = rows.length
      ? await this.db
          .select({ orderId: orderItems.orderId, name: orderItems.name, quantity: orderItems.quantity, size: orderItems.size })
          .from(orderItems)
          .where(inArray(orderItems.orderId, rows.map((row) => row.id)))
          .orderBy(asc(orderItems.id))
      : [];
    return {
      success: true,
      total: totals?.total ?? 0,
      standing: totals?.standing ?? 0,
      orders: rows.map((row) => {
        const lines = items.filter((item) => item.orderId === row.id);
        return {
          id: row.id,
          orderNumber: row.orderNumber,
          date: row.createdAt.toISOString(),
          status: row.status,
          total: paiseToRupees(row.totalPaise),
          itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
          items: lines.map(({ name, quantity, size }) => ({ name, quantity, size })),
        };
      }),
    };
  }
}
