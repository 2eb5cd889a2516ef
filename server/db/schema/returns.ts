import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { RETURN_REASONS, RETURN_STATUSES, type ReturnLine } from '../../../domain/returns.ts';
import { users } from './accounts.ts';
import { orders } from './orders.ts';

/**
 * A customer's request to send back some of a delivered order's lines, and the back office's handling of it:
 * approved (with pickup instructions) or rejected (with a reason), then received, restocked or written off, and
 * refunded for the returned lines' share (`refundPaise`, through the provider's partial refund `providerRefundId`).
 */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    reason: text('reason', { enum: RETURN_REASONS }).notNull(),
    note: text('note'),
    /** URLs of the customer's photos under /uploads, re-encoded on upload. */
    photos: text('photos').array().notNull().default(sql`'{}'::text[]`),
    lines: jsonb('lines').$type<ReturnLine[]>().notNull(),
    /** The returned lines' share of what was paid, discount prorated, fixed when the request is made. */
    refundPaise: integer('refund_paise').notNull(),
    /** Set on receipt: true when the units went back on the shelf, false when written off as damaged. */
    restocked: boolean('restocked'),
    /** The back office's words to the customer: pickup instructions, or why it was rejected. */
    adminNote: text('admin_note'),
    providerRefundId: text('provider_refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /**
     * Where the customer asked the money they paid to go: back the way it came (the default), or onto their store
     * credit at once (decision 0075). Gift cards and store credit that paid are given back to themselves either way.
     */
    refundTo: text('refund_to', { enum: ['original', 'store-credit'] })
      .notNull()
      .default('original'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('order_returns_order_idx').on(table.orderId),
    index('order_returns_status_created_idx').on(table.status, table.createdAt),
    uniqueIndex('order_returns_refund_unique').on(table.providerRefundId),
    check('order_returns_refund_non_negative', sql`${table.refundPaise} >= 0`),
  ],
);

/**
 * A return photo uploaded and not yet part of a return request. The request claims its photos by deleting their
 * rows (so only its own customer's uploads, and each once); a job removes the files whose rows are still here a
 * day later, so uploads nobody sent in do not pile up on disk or in the bucket.
 */
export const returnPhotoUploads = pgTable(
  'return_photo_uploads',
  {
    /** The stored file's name under /uploads. */
    name: text('name').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('return_photo_uploads_created_idx').on(table.createdAt)],
);
