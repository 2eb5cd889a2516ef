import { sql } from 'drizzle-orm';
import { check, index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Addresses that asked for the newsletter; one row per address (stored lower-cased). */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** Set when the owner followed the link in the confirmation e-mail (double opt-in); until then nothing is sent. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** SHA-256 of the confirmation link's token, cleared once used. */
    confirmTokenHash: text('confirm_token_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('newsletter_subscribers_email_unique').on(table.email)],
);

/**
 * Messages sent through the contact page, kept for the admin portal to read and answer. Each is a complaint ticket
 * (Consumer Protection (E-Commerce) Rules 2020, rule 4(4)-(5), domain/grievances.ts): its number is told to the
 * sender, who can look up its status with it, and the back office moves it from open to resolved.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    /** 'DP-7K3M-Q9XA': random, so one ticket's number tells nothing about another's. */
    ticketNumber: text('ticket_number').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status').$type<'open' | 'in_progress' | 'resolved'>().notNull().default('open'),
    /** What was done, told to the sender with the status; required to resolve. */
    resolutionNote: text('resolution_note'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    /** Set when someone in the back office has dealt with the message (resolved it). */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('contact_messages_created_idx').on(table.createdAt),
    uniqueIndex('contact_messages_ticket_unique').on(table.ticketNumber),
    check('contact_messages_status', sql`${table.status} in ('open', 'in_progress', 'resolved')`),
  ],
);

/**
 * Secrets the shop makes for itself once and keeps across restarts and processes (the payment sandbox's signing
 * secret when none is configured). Created with insert-if-absent, so every process reads the same value.
 */
export const shopSecrets = pgTable('shop_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
