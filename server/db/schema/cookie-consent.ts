import { boolean, index, integer, pgTable, serial, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every choice made on the storefront's cookie banner, as proof of the consent the tags rely on (DPDP Act 2023
 * s.6(10)). Rows name no one: `visitorId` is the random id in the browser's consent cookie, so a visitor's later
 * change of mind follows their earlier choice. Rows are only ever added; the latest per visitor is in force.
 */
export const cookieConsents = pgTable(
  'cookie_consents',
  {
    id: serial('id').primaryKey(),
    visitorId: uuid('visitor_id').notNull(),
    analytics: boolean('analytics').notNull(),
    marketing: boolean('marketing').notNull(),
    noticeVersion: integer('notice_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('cookie_consents_visitor_idx').on(table.visitorId, table.createdAt)],
);
