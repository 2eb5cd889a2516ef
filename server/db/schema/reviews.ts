import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products } from './catalogue.ts';

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name of a testimonial without an account (the demo catalogue's); null for customers' reviews. */
    authorName: text('author_name'),
    title: text('title').notNull().default(''),
    comment: text('comment').notNull(),
    rating: integer('rating').notNull(),
    potency: integer('potency').notNull(),
    longevity: integer('longevity').notNull(),
    aura: integer('aura').notNull(),
    effectiveness: integer('effectiveness'),
    status: text('status', { enum: ['approved', 'pending', 'rejected'] }).notNull().default('approved'),
    /** Set by the server from the author's paid orders, never from a request. */
    verifiedPurchase: boolean('verified_purchase').notNull().default(false),
    helpfulVotes: integer('helpful_votes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('reviews_one_per_customer_product').on(table.productId, table.userId),
    index('reviews_product_status_idx').on(table.productId, table.status, table.createdAt),
    index('reviews_user_idx').on(table.userId),
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
    check('reviews_potency_range', sql`${table.potency} between 1 and 5`),
    check('reviews_longevity_range', sql`${table.longevity} between 1 and 5`),
    check('reviews_aura_range', sql`${table.aura} between 1 and 5`),
    check('reviews_effectiveness_range', sql`${table.effectiveness} is null or ${table.effectiveness} between 1 and 5`),
    check('reviews_helpful_non_negative', sql`${table.helpfulVotes} >= 0`),
  ],
);

/** One row per customer who found a review helpful: each customer counts once. */
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.reviewId, table.userId] })],
);

/** The first time a signed-in customer opened each product page (for the exploration achievements). */
export const productViews = pgTable(
  'product_views',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    firstViewedAt: timestamp('first_viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.productId] })],
);
