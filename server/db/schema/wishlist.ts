import { boolean, index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products } from './catalogue.ts';

/**
 * The potions a signed-in shopper saved with the heart. With `alerts` on, the shopper is e-mailed once when the
 * potion gets cheaper or comes back in stock. `priceSeenPaise` and `inStockSeen` are what the shop last knew of
 * it (when saved, then after each change): a change is news only against them, so one change is one e-mail.
 */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    alerts: boolean('alerts').notNull().default(false),
    /** Its lowest price (smallest size) when last looked at, in paise. */
    priceSeenPaise: integer('price_seen_paise').notNull(),
    inStockSeen: boolean('in_stock_seen').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.productId] }), index('wishlist_items_product_idx').on(table.productId)],
);
