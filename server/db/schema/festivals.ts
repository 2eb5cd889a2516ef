import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A festival: a home banner with its texts and theme. Its coupon, when it has a code, is the code-based promotion
 * underneath it (`promotions.festival_id`, decision 78).
 */
export const festivals = pgTable(
  'festivals',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
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
    index('festivals_live_idx').on(table.isActive, table.startDate, table.endDate),
    check('festivals_dates_ordered', sql`${table.endDate} > ${table.startDate}`),
    check('festivals_priority_range', sql`${table.priority} between 1 and 10`),
  ],
);
