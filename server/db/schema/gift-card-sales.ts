import { check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './accounts.ts';
import { checkouts } from './checkout.ts';
import { orders } from './orders.ts';
import { balanceAccounts } from './balances.ts';
import { emailMessages } from './mail.ts';

/**
 * A gift card bought at checkout: what the buyer chose, written with the checkout; the card (a balance account)
 * is issued when its order is paid, and its e-mail queued in the outbox to leave on `deliver_on`. A card refunded
 * while wholly unspent (decision 0088) keeps its provider refund here: the cards are outside the order's bill, so
 * the order's own refund columns stay the goods'.
 */
export const giftCardSales = pgTable(
  'gift_card_sales',
  {
    id: serial('id').primaryKey(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The position among the checkout's cards, so each is issued once. */
    position: integer('position').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    message: text('message').notNull().default(''),
    /** The shop day the recipient's e-mail goes out. */
    deliverOn: date('deliver_on', { mode: 'string' }).notNull(),
    accountId: integer('account_id').references(() => balanceAccounts.id, { onDelete: 'set null' }),
    /** The recipient's e-mail in the outbox, whose status is the card's delivery status. */
    emailId: uuid('email_id').references(() => emailMessages.id, { onDelete: 'set null' }),
    /** The payment provider's refund of this card (its whole amount), once an admin refunded it. */
    providerRefundId: text('provider_refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundedBy: uuid('refunded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('gift_card_sales_checkout_position_unique').on(table.checkoutId, table.position),
    index('gift_card_sales_order_idx').on(table.orderId),
    index('gift_card_sales_buyer_idx').on(table.buyerId),
    check('gift_card_sales_amount', sql`${table.amountPaise} between 50000 and 1000000`),
    // A refund is known by its provider's id and its moment together.
    check('gift_card_sales_refund_recorded', sql`(${table.refundedAt} is null) = (${table.providerRefundId} is null)`),
    uniqueIndex('gift_card_sales_refund_unique').on(table.providerRefundId),
  ],
);
