import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Touch } from '../../../domain/attribution.ts';
import { checkouts, orders } from './orders.ts';

/** The first and last campaign or site that brought the shopper, as the browser had them when the checkout began. */
export const checkoutAttributions = pgTable('checkout_attributions', {
  checkoutId: uuid('checkout_id')
    .primaryKey()
    .references(() => checkouts.id, { onDelete: 'cascade' }),
  firstTouch: jsonb('first_touch').$type<Touch>().notNull(),
  lastTouch: jsonb('last_touch').$type<Touch>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The order's sources, copied from its checkout when the order is made, in columns the back office's report
 * groups by (/admin/analytics, by source, medium and campaign). An order with no row came direct.
 */
export const orderAttributions = pgTable('order_attributions', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  firstSource: text('first_source').notNull(),
  firstMedium: text('first_medium').notNull(),
  firstCampaign: text('first_campaign'),
  firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
  lastSource: text('last_source').notNull(),
  lastMedium: text('last_medium').notNull(),
  lastCampaign: text('last_campaign'),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
});
