import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Addresses that left a mailing list (domain/mailing-lists.ts) through an unsubscribe link. Kept by address,
 * not account, because the link in the e-mail names the address it was sent to; checked when a list's message
 * is enqueued and again when it is sent, so a message already waiting is dropped too.
 */
export const emailUnsubscribes = pgTable(
  'email_unsubscribes',
  {
    email: text('email').notNull(),
    list: text('list').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.email, table.list] })],
);
