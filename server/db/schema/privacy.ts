import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Every consent given or withdrawn: for what, when, through which form and under which version of the privacy
 * notice. The shop must be able to prove a consent it relies on (DPDP Act 2023 s.6(10)), so rows are only ever
 * added; the latest row per purpose is the consent in force. A newsletter sign-up without an account is kept
 * by address (`email`); an account's by `userId`.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    purpose: text('purpose').notNull(),
    granted: boolean('granted').notNull(),
    /** Which form the choice was made in: 'sign-up', 'profile', 'privacy', 'newsletter-form'. */
    source: text('source').notNull(),
    noticeVersion: text('notice_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('consent_records_user_idx').on(table.userId, table.createdAt),
    index('consent_records_email_idx').on(table.email),
    check('consent_records_has_subject', sql`${table.userId} is not null or ${table.email} is not null`),
  ],
);
