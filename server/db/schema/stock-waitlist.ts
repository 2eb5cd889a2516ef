import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalogue.ts';

/**
 * Shoppers waiting for a sold-out potion ('' size: the whole potion) or one sold-out size of it. A restock
 * that makes the wait over e-mails each waiting address once and stamps `notifiedAt`; the entry is then done.
 */
export const stockWaitlist = pgTable(
  'stock_waitlist',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull().default(''),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (table) => [
    // One open wait per address and potion size: asking twice keeps one place in the list.
    uniqueIndex('stock_waitlist_open_unique').on(table.productId, table.size, table.email).where(sql`${table.notifiedAt} is null`),
    index('stock_waitlist_product_idx').on(table.productId),
  ],
);
