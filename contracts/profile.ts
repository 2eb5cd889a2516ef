import { z } from 'zod';
import { serialId, text } from './fields.ts';
import { ACHIEVEMENT_CATEGORIES, RARITIES, SEASONS } from '../domain/achievements.ts';
import { LEVELS, type LevelStanding } from '../domain/levels.ts';
import { paiseToRupees } from '../domain/money.ts';
import { ORDER_STATUSES } from '../domain/orders.ts';

const levelNames = LEVELS.map((level) => level.name) as [string, ...string[]];

/** Where the customer stands: amounts in rupees; next and remaining are null at the top level. */
export const levelSchema = z.object({
  name: z.enum(levelNames),
  totalSpent: z.number(),
  next: z.enum(levelNames).nullable(),
  remaining: z.number().nullable(),
});
export type Level = z.infer<typeof levelSchema>;

export function levelDto(level: LevelStanding): Level {
  return {
    name: level.name,
    totalSpent: paiseToRupees(level.totalSpentPaise),
    next: level.next,
    remaining: level.remainingPaise === null ? null : paiseToRupees(level.remainingPaise),
  };
}

export const achievementSchema = z.object({
  id: text(),
  title: text(),
  description: text(),
  category: z.enum(ACHIEVEMENT_CATEGORIES),
  rarity: z.enum(RARITIES),
  icon: text(),
  requirement: z.object({ type: text(), value: z.union([z.number(), text()]) }),
  reward: z.object({ type: text(), value: z.union([z.number(), text()]), description: text() }),
  unlocked: z.boolean(),
  unlockedAt: text().nullable(),
  current: z.number(),
  target: z.number(),
  /** 0–100; never above 99 while locked. */
  progress: z.number().int(),
});
export type Achievement = z.infer<typeof achievementSchema>;

export const personalCouponSchema = z.object({
  code: text(),
  percent: z.number(),
  achievementId: text(),
  achievementTitle: text(),
  createdAt: text(),
  used: z.boolean(),
  usedAt: text().nullable(),
});
export type PersonalCoupon = z.infer<typeof personalCouponSchema>;

export const achievementStatsSchema = z.object({
  ordersPlaced: z.number().int(),
  totalSpent: z.number(),
  memberDays: z.number().int(),
  productsViewed: z.number().int(),
  categoriesPurchased: z.number().int(),
  reviewsWritten: z.number().int(),
  festivalsParticipated: z.number().int(),
  seasonsPurchased: z.array(z.enum(SEASONS)),
  midnightOrders: z.number().int(),
  unlockedCount: z.number().int(),
  totalAchievements: z.number().int(),
  points: z.number().int(),
  badges: z.array(text()),
});
export type AchievementStats = z.infer<typeof achievementStatsSchema>;

export const achievementsResponseSchema = z.object({
  success: z.literal(true),
  level: levelSchema,
  stats: achievementStatsSchema,
  achievements: z.array(achievementSchema),
  coupons: z.array(personalCouponSchema),
});
export type AchievementsResponse = z.infer<typeof achievementsResponseSchema>;

export const productViewBodySchema = z.object({
  productId: serialId('productId must be a product id', { digits: false }),
});

export const PROFILE_RECENT_ORDERS = 5;

export const profileOrderSchema = z.object({
  id: text(),
  orderNumber: text(),
  date: text(),
  status: z.enum(ORDER_STATUSES),
  total: z.number(),
  itemCount: z.number().int(),
  items: z.array(z.object({ name: text(), quantity: z.number().int(), size: text() })),
});
export type ProfileOrder = z.infer<typeof profileOrderSchema>;

export const profileOrdersResponseSchema = z.object({
  success: z.literal(true),
  orders: z.array(profileOrderSchema),
  /** All the customer's orders, cancelled ones too: more than `orders` holds means there is more to see. */
  total: z.number().int(),
  /** Orders that stand (paid, not cancelled): the count 'View All Orders (N)' shows, as the profile does. */
  standing: z.number().int(),
});
export type ProfileOrdersResponse = z.infer<typeof profileOrdersResponseSchema>;

/** Whether this view was new: a product counts once towards the explorer achievements. */
export const productViewResponseSchema = z.object({ success: z.literal(true), recorded: z.boolean() });
