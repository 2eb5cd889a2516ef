import { bigint, date, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/*
 * Daily sales rollup for the back-office reports: what orders counting as spent (paid, not cancelled) add up to
 * per shop day (Asia/Kolkata). Database triggers on `orders` and `order_items` keep both tables exact in the same
 * transaction as every order write, whichever code path makes it (checkout, admin status changes, imports), so a
 * year's report reads a few thousand rows instead of every line sold. The triggers are in migration
 * 0009_daily_sales_rollup; decision record 0009 explains the design. Never written by application code.
 *
 * A day's figures are spread over ROLLUP_SLOTS rows (`slot`, chosen by the order's id), because every order
 * placed that day updates its day's row and holds the row's lock until its transaction commits: with one row a
 * sale-day crowd of checkouts would queue behind each other there (migration 0027, decision record 0029).
 * Readers add up the slots, as they add up days.
 */

/** Orders counting as spent and their revenue (orders.total_paise, after coupons), per shop day. */
export const dailySales = pgTable(
  'daily_sales',
  {
    day: date('day', { mode: 'string' }).notNull(),
    slot: smallint('slot').notNull().default(0),
    orders: integer('orders').notNull().default(0),
    revenuePaise: bigint('revenue_paise', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.slot] })],
);

/** Units and line revenue (before basket coupons) per shop day, product and the category it was sold under. */
export const dailyProductSales = pgTable(
  'daily_product_sales',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productId: integer('product_id').notNull(),
    categoryId: text('category_id').notNull(),
    slot: smallint('slot').notNull().default(0),
    units: integer('units').notNull().default(0),
    revenuePaise: bigint('revenue_paise', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.productId, table.categoryId, table.slot] })],
);
