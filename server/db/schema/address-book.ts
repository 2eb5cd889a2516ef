import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * A customer's address book: the places they ship to, each with a label ('Home', 'Office'), at most one the
 * default. An order copies the address it ships to (orders.shipping_address), so editing or deleting an entry
 * here never changes where an old order went.
 */
export const savedAddresses = pgTable(
  'saved_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** '+91 98765 43210'. */
    phone: text('phone').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    /** One of India's states and union territories, by its own name. */
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    country: text('country').notNull().default('India'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('saved_addresses_user_idx').on(table.userId, table.createdAt),
    // Two requests making different entries the default at once: the index keeps one.
    uniqueIndex('saved_addresses_one_default').on(table.userId).where(sql`${table.isDefault}`),
  ],
);
