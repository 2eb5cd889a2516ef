import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { OFFLINE_REFUND_METHODS, OFFLINE_REFUND_STATUSES } from '../../../domain/offline-refunds.ts';
import { users } from './accounts.ts';
import { orders } from './orders.ts';
import { orderReturns } from './returns.ts';

/**
 * A refund of cash collected on delivery, which the shop pays by UPI or bank transfer and records here (there is
 * no payment to refund through the provider). Opened 'awaiting' when the order is cancelled or a return of it
 * is received; 'paid' once an admin records the transfer, which is when the order counts it refunded and the
 * credit note is issued, as for a refund through the provider. 'withdrawn' when it is no longer owed: the order
 * was reopened, or a return's share became part of the whole order's refund when the order was cancelled.
 *
 * When gift cards or store credit paid part of the order, the refund owed is split when it is opened
 * (docs/decisions/0087): `amount_paise` is the transfer, the cash part only; `balances_paise` is the rest, which
 * goes back onto those balances in the same transaction that records the transfer paid.
 */
export const offlineRefunds = pgTable(
  'offline_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The return whose share this is; null for the refund of a cancelled order. */
    returnId: integer('return_id').references(() => orderReturns.id),
    /** What the shop transfers: never more than the cash collected less what transfers already gave back. */
    amountPaise: integer('amount_paise').notNull(),
    /** What goes back onto the order's gift cards and store credit when the transfer is recorded paid. */
    balancesPaise: integer('balances_paise').notNull().default(0),
    status: text('status', { enum: OFFLINE_REFUND_STATUSES }).notNull().default('awaiting'),
    method: text('method', { enum: OFFLINE_REFUND_METHODS }),
    /** The transfer's UTR (a UPI transaction ID, or a bank transfer's reference). */
    reference: text('reference'),
    /** The shop day the money was sent (YYYY-MM-DD). */
    paidOn: text('paid_on'),
    recordedBy: uuid('recorded_by').references(() => users.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('offline_refunds_order_idx').on(table.orderId),
    // One transfer pays one refund: a UTR typed twice is a mistake.
    uniqueIndex('offline_refunds_reference_unique').on(table.reference),
    check('offline_refunds_amount_positive', sql`${table.amountPaise} > 0`),
    check('offline_refunds_balances_not_negative', sql`${table.balancesPaise} >= 0`),
    check('offline_refunds_paid_has_transfer', sql`${table.status} <> 'paid' or (${table.method} is not null and ${table.reference} is not null and ${table.paidOn} is not null)`),
  ],
);
