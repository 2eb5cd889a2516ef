import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ActionSpec, ConditionSpec } from '../../../domain/promotions/promotion.ts';
import { users } from './accounts.ts';
import { festivals } from './festivals.ts';

/** An offer the owner set up (domain/promotions): automatic, or behind a code; its conditions and actions as typed jsonb. */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Upper-case code for a code-based promotion; null for an automatic one. */
    code: text('code'),
    conditions: jsonb('conditions').$type<ConditionSpec[]>().notNull().default([]),
    actions: jsonb('actions').$type<ActionSpec[]>().notNull(),
    combinable: boolean('combinable').notNull().default(true),
    priority: integer('priority').notNull().default(1),
    paused: boolean('paused').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Null means unlimited. */
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    perCustomerLimit: integer('per_customer_limit'),
    /**
     * The festival whose coupon this is (decision 78): written only by the festival's screen, priced after the other
     * promotions, and left out of the automatic offers; a banner-only festival's has no code and is never offered.
     */
    festivalId: integer('festival_id').references(() => festivals.id, { onDelete: 'cascade' }),
    /** Goes up with every edit: an admin saving over an edit they never saw is refused (409), not silently lost. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('promotions_code_unique').on(table.code),
    uniqueIndex('promotions_festival_unique').on(table.festivalId),
    check('promotions_dates_ordered', sql`${table.endsAt} is null or ${table.endsAt} > ${table.startsAt}`),
    check('promotions_priority_range', sql`${table.priority} between 1 and 10`),
    check('promotions_usage_limit_positive', sql`${table.usageLimit} is null or ${table.usageLimit} >= 1`),
    check('promotions_per_customer_limit_positive', sql`${table.perCustomerLimit} is null or ${table.perCustomerLimit} >= 1`),
    // The last line of defence against giving a capped offer more times than its cap under concurrency.
    check('promotions_used_within_limit', sql`${table.usageLimit} is null or ${table.usedCount} <= ${table.usageLimit}`),
    check('promotions_code_upper', sql`${table.code} is null or ${table.code} = upper(${table.code})`),
    check('promotions_has_action', sql`jsonb_array_length(${table.actions}) >= 1`),
  ],
);

/**
 * One use of a promotion by one checkout: taken when the checkout sets its basket aside, released with its hold if
 * it is never paid, and counted against the shopper's own limit while taken.
 */
export const promotionUses = pgTable(
  'promotion_uses',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id),
    checkoutId: uuid('checkout_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['taken', 'released'] }).notNull().default('taken'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('promotion_uses_checkout_unique').on(table.promotionId, table.checkoutId),
    index('promotion_uses_user_idx').on(table.userId, table.promotionId),
    index('promotion_uses_checkout_idx').on(table.checkoutId),
  ],
);
