import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const SMS_STATUSES = ['queued', 'sending', 'sent', 'kept', 'failed', 'dead'] as const;

/**
 * The SMS outbox, the twin in purpose of email_messages: one row per text the shop means to send, written in the
 * transaction of the event that causes it, sent by a job that claims the row first, so a job run twice sends one
 * text. queued → sending → sent (or kept, by the `log` provider); failed between retries; dead after the last.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** One text per cause ('sign-in-code:<challenge id>'): a repeated event enqueues nothing new. */
    dedupeKey: text('dedupe_key').notNull(),
    /** A name from SMS_TEMPLATES: which DLT-registered template the provider fills in. */
    template: text('template').notNull(),
    /** '+919876543210'. */
    toNumber: text('to_number').notNull(),
    /** The template's variables; a secret one (a sign-in code) is blanked once a provider has the text. */
    variables: jsonb('variables').$type<Record<string, string>>().notNull(),
    /** The words the recipient reads, as the DLT template renders them; shown in the back office. */
    body: text('body').notNull(),
    status: text('status', { enum: SMS_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The provider's id for the accepted request (MSG91's request id). */
    providerReference: text('provider_reference'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('sms_messages_dedupe_unique').on(table.dedupeKey), index('sms_messages_created_idx').on(table.createdAt)],
);
