import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { orders } from './orders.ts';

/** Achievements a customer has earned, kept once earned; notifiedAt marks the notification as sent. */
export const userAchievements = pgTable(
  'user_achievements',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    achievementId: text('achievement_id').notNull(),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }).notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.achievementId] })],
);

/** Loyalty levels a customer has reached and been told about, so each is announced once. */
export const userLevels = pgTable(
  'user_levels',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    level: text('level').notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.level] })],
);

/** A single-use discount code earned with an achievement; only its owner can use it, once. */
export const personalCoupons = pgTable(
  'personal_coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** Basis points: 500 is 5 %. */
    percentBasisPoints: integer('percent_basis_points').notNull(),
    achievementId: text('achievement_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('personal_coupons_code_unique').on(table.code),
    uniqueIndex('personal_coupons_once_per_achievement').on(table.userId, table.achievementId),
    index('personal_coupons_user_idx').on(table.userId),
    check('personal_coupons_percent_range', sql`${table.percentBasisPoints} between 1 and 10000`),
  ],
);
