import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const EMAIL_STATUSES = ['queued', 'sending', 'sent', 'kept', 'failed', 'dead', 'unsubscribed', 'withheld'] as const;
export const EMAIL_CATEGORIES = ['transactional', 'security', 'marketing'] as const;

/**
 * The outbox: one row per e-mail the shop means to send, written in the transaction of the event that causes
 * it. The row, not the job, is the truth about a message: a job retried after a crash reads it and never sends
 * a message the row already records as sent. queued → sending → sent (or kept, without SMTP); a failed attempt
 * goes back to failed until the next retry; dead after the last attempt or when its template cannot render;
 * unsubscribed when a list's message was still waiting as its recipient left the list; withheld, never sent, when
 * a visitor typed an address that had had its day's share of such messages (recipient-allowance.ts).
 */
/** A document to attach: made at send time from what the database holds then. */
export type MailAttachmentRef = { kind: 'invoice'; orderId: string } | { kind: 'credit-note'; orderId: string; refundId: string };

export const emailMessages = pgTable(
  'email_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** One message per cause, e.g. 'order-confirmation:<order id>': a repeated event enqueues nothing new. */
    dedupeKey: text('dedupe_key').notNull(),
    template: text('template').notNull(),
    category: text('category', { enum: EMAIL_CATEGORIES }).notNull(),
    toAddress: text('to_address').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** Documents attached at send time, by reference (an order's invoice, a credit note), made when the message goes. */
    attachments: jsonb('attachments').$type<MailAttachmentRef[]>().notNull().default([]),
    status: text('status', { enum: EMAIL_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Rendered at the first attempt and kept, so the back office shows exactly what went out. */
    subject: text('subject'),
    html: text('html'),
    text: text('text'),
    /** The RFC 5322 Message-ID, the same on every attempt, so a receiver can drop a repeat. */
    messageId: text('message_id').notNull(),
    /** Marketing mail only: the mailing list (domain/mailing-lists.ts) it goes to, which its recipient can leave. */
    list: text('list'),
    /** Marketing mail only: the one-click unsubscribe address for List-Unsubscribe (RFC 8058). */
    unsubscribeUrl: text('unsubscribe_url'),
    /** The SMTP server's answer to the accepted message. */
    smtpResponse: text('smtp_response'),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    /** While an attempt runs: after this moment the attempt is presumed dead and another may take over. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('email_messages_dedupe_unique').on(table.dedupeKey),
    index('email_messages_created_idx').on(table.createdAt),
    // /metrics counts the withheld messages by template on every scrape, without reading the whole outbox.
    index('email_messages_withheld_idx').on(table.template).where(sql`${table.status} = 'withheld'`),
  ],
);
