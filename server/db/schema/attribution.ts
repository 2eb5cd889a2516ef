import { boolean, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Touch } from '../../../domain/attribution.ts';
import { checkouts } from './checkout.ts';
import { orders } from './orders.ts';

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

/**
 * What the browser allowed and the ids the tags gave it, as the checkout began: the order's purchase is sent from
 * the server (GA4 Measurement Protocol, Meta Conversions API) only with that consent, and matched to the
 * browser's visit with these ids (decision record 0066). Deleted once the purchase is sent.
 */
export const checkoutSignals = pgTable('checkout_signals', {
  checkoutId: uuid('checkout_id')
    .primaryKey()
    .references(() => checkouts.id, { onDelete: 'cascade' }),
  analytics: boolean('analytics').notNull(),
  marketing: boolean('marketing').notNull(),
  /** GA4's client id, from its `_ga` cookie ('1234567890.1700000000'). */
  gaClientId: text('ga_client_id'),
  /** Meta's browser id and click id cookies (`_fbp`, `_fbc`). */
  fbp: text('fbp'),
  fbc: text('fbc'),
  userAgent: text('user_agent'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A purchase sent to an analytics destination from the server: sent once, whatever retries the job makes. */
export const purchaseEventSends = pgTable(
  'purchase_event_sends',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    destination: text('destination', { enum: ['ga4', 'meta'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.destination] })],
);
