import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { achievementStats, evaluateAchievements, type AchievementStanding, type AchievementStats } from '../../../domain/achievements.ts';
import { BASIS_POINTS_PER_PERCENT } from '../../../domain/coupons.ts';
import { LEVELS, levelFor, type LevelStanding } from '../../../domain/levels.ts';
import { formatPaise } from '../../../domain/money.ts';
import type { Database } from '../../db/client.ts';
import { personalCoupons, userAchievements, userLevels } from '../../db/schema/index.ts';
import { NotificationService } from '../notifications/notification-service.ts';
import { loadAchievementRecord } from './achievement-facts.ts';

export interface AchievementEvaluation {
  standings: AchievementStanding[];
  stats: AchievementStats;
  level: LevelStanding;
}

// No 0/O or 1/I: the code is read off a screen and typed in again.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function personalCouponCode(percent: number): string {
  let suffix = '';
  for (let index = 0; index < 8; index += 1) suffix += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `MYSTIC${percent}-${suffix}`;
}

const CODE_ATTEMPTS = 5;

/**
 * Issues the achievement's coupon unless the customer already has it. A clash with another customer's code
 * (one in 32^8) draws a new code rather than losing the reward or failing the order.
 */
async function issuePersonalCoupon(tx: Database, userId: string, achievementId: string, percent: number, now: Date): Promise<string | null> {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
    const [coupon] = await tx
      .insert(personalCoupons)
      .values({ userId, code: personalCouponCode(percent), percentBasisPoints: percent * BASIS_POINTS_PER_PERCENT, achievementId, createdAt: now })
      .onConflictDoNothing()
      .returning({ code: personalCoupons.code });
    if (coupon) return coupon.code;
    const [existing] = await tx
      .select({ id: personalCoupons.id })
      .from(personalCoupons)
      .where(and(eq(personalCoupons.userId, userId), eq(personalCoupons.achievementId, achievementId)));
    if (existing) return null;
  }
  throw new Error(`No free personal coupon code after ${CODE_ATTEMPTS} attempts`);
}

/** At most this many achievements are announced one by one; more at once (a first look) get one summary. */
const SEPARATE_ANNOUNCEMENTS = 3;

/**
 * Evaluates a customer's achievements and level and makes their rewards real: records each unlock once,
 * issues the personal coupon of a discount reward once, and announces new unlocks and levels once. Safe to
 * run at any time and concurrently (every write is insert-if-absent). Call it inside the transaction that
 * created an order, after the order is written, so its rewards exist exactly when the order does; an order not
 * yet marked paid there is counted by `countingOrderId`.
 */
export async function grantAchievementRewards(tx: Database, userId: string, now: Date, countingOrderId?: string): Promise<AchievementEvaluation | null> {
  const record = await loadAchievementRecord(tx, userId, countingOrderId);
  if (!record) return null;
  const { facts, unlocked: recorded, levels: levelsRecorded } = record;
  const standings = evaluateAchievements(facts, now, recorded);
  const stats = achievementStats(facts, now);
  const level = levelFor(stats.totalSpentPaise);
  const notifications = new NotificationService(tx);

  const fresh = standings.filter((standing) => standing.unlocked && !recorded.has(standing.achievement.id));
  const inserted = fresh.length
    ? await tx
        .insert(userAchievements)
        .values(fresh.map((standing) => ({ userId, achievementId: standing.achievement.id, unlockedAt: standing.unlockedAt!, notifiedAt: now })))
        .onConflictDoNothing()
        .returning({ achievementId: userAchievements.achievementId })
    : [];
  const newlyUnlocked = fresh.filter((standing) => inserted.some((row) => row.achievementId === standing.achievement.id));

  const couponCodes = new Map<string, string>();
  for (const standing of newlyUnlocked) {
    const reward = standing.achievement.reward;
    if (reward.type !== 'discount') continue;
    const code = await issuePersonalCoupon(tx, userId, standing.achievement.id, reward.value, now);
    if (code) couponCodes.set(standing.achievement.id, code);
  }

  if (newlyUnlocked.length > SEPARATE_ANNOUNCEMENTS) {
    await notifications.notify(
      {
        userId,
        type: 'user',
        priority: 'medium',
        title: `${newlyUnlocked.length} achievements unlocked`,
        message: `${newlyUnlocked.map((standing) => standing.achievement.title).join(', ')}.${couponCodes.size ? ` Your discount codes are on your profile.` : ''}`,
        actionUrl: '/profile?tab=achievements',
      },
      tx,
    );
  } else {
    for (const standing of newlyUnlocked) {
      const code = couponCodes.get(standing.achievement.id);
      await notifications.notify(
        {
          userId,
          type: 'user',
          priority: code ? 'high' : 'medium',
          title: `Achievement unlocked: ${standing.achievement.title}`,
          message: `${standing.achievement.description}. Reward: ${standing.achievement.reward.description}${code ? ` with code ${code} (once, on your own order).` : '.'}`,
          actionUrl: '/profile?tab=achievements',
        },
        tx,
      );
    }
  }

  // Levels above the first are announced once each; reaching several at once announces only the highest.
  // Only levels not recorded yet are written (insert-if-absent, for a concurrent order reaching them too).
  const reached = LEVELS.slice(1, level.rank + 1)
    .map((entry) => entry.name)
    .filter((name) => !levelsRecorded.has(name));
  if (reached.length) {
    const newLevels = await tx
      .insert(userLevels)
      .values(reached.map((name) => ({ userId, level: name, reachedAt: now })))
      .onConflictDoNothing()
      .returning({ level: userLevels.level });
    if (newLevels.length) {
      const next = level.next ? ` Spend ${formatPaise(level.remainingPaise ?? 0)} more to become ${level.next}.` : ' You have reached the highest level.';
      await notifications.notify(
        { userId, type: 'user', priority: 'medium', title: `New level: ${level.name}`, message: `You are now a ${level.name}.${next}`, actionUrl: '/profile' },
        tx,
      );
    }
  }
  return { standings, stats, level };
}

/**
 * Marks a personal coupon used by an order, once: false when it was already used (by a concurrent checkout),
 * and the order must then not keep the discount. Call inside the order's transaction.
 */
export async function redeemPersonalCoupon(tx: Pick<Database, 'update'>, couponId: string, orderId: string): Promise<boolean> {
  const rows = await tx
    .update(personalCoupons)
    .set({ usedAt: new Date(), orderId })
    .where(and(eq(personalCoupons.id, couponId), isNull(personalCoupons.usedAt)))
    .returning({ id: personalCoupons.id });
  return rows.length === 1;
}
