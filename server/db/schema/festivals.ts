import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A festival: a home banner and, when it has a code, a coupon. */
export const festivals = pgTable(
  'festivals',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Upper-case coupon code; null for a banner-only festival. */
    festivalCode: text('festival_code'),
    couponType: text('coupon_type', { enum: ['percentage', 'fixed'] }).notNull().default('percentage'),
    /** Basis points for a percentage coupon (1 500 = 15 %), paise for a fixed one. */
    discountValue: integer('discount_value').notNull().default(0),
    maxDiscountPaise: integer('max_discount_paise'),
    minimumOrderPaise: integer('minimum_order_paise').notNull().default(0),
    /** Null means unlimited. */
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    priority: integer('priority').notNull().default(1),
    bannerImage: text('banner_image'),
    backgroundColor: text('background_color').notNull().default('#1a1a1a'),
    textColor: text('text_color').notNull().default('#ffffff'),
    ctaText: text('cta_text').notNull().default('Shop Now'),
    ctaLink: text('cta_link').notNull().default('/products'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('festivals_code_unique').on(table.festivalCode),
    index('festivals_live_idx').on(table.isActive, table.startDate, table.endDate),
    check('festivals_dates_ordered', sql`${table.endDate} > ${table.startDate}`),
    check('festivals_priority_range', sql`${table.priority} between 1 and 10`),
    check('festivals_discount_non_negative', sql`${table.discountValue} >= 0`),
    check('festivals_percentage_at_most_100', sql`${table.couponType} <> 'percentage' or ${table.discountValue} <= 10000`),
    check('festivals_minimum_non_negative', sql`${table.minimumOrderPaise} >= 0`),
    check('festivals_usage_limit_positive', sql`${table.usageLimit} is null or ${table.usageLimit} >= 1`),
    // The last line of defence against overselling a coupon under concurrency.
    check('festivals_used_within_limit', sql`${table.usageLimit} is null or ${table.usedCount} <= ${table.usageLimit}`),
    check('festivals_code_upper', sql`${table.festivalCode} is null or ${table.festivalCode} = upper(${table.festivalCode})`),
  ],
);
