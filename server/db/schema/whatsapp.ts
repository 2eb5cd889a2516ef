import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * queued → sending → sent (Meta accepted it) → delivered → read, from the status webhooks; failed between retries;
 * unconfirmed when a request went out and no answer came (Meta may have it): it waits until lease_until for a
 * status webhook naming it before it is sent again; dead after the last retry or a refusal no retry mends;
 * undelivered when Meta accepted it and later reported it failed (a number not on WhatsApp, a template paused).
 */
export const WHATSAPP_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'read', 'failed', 'unconfirmed', 'dead', 'undelivered'] as const;
export type WhatsAppStatus = (typeof WHATSAPP_STATUSES)[number];

/**
 * The WhatsApp outbox, the twin of email_messages and sms_messages: one row per template message the shop means
 * to send, written in the transaction of the event that causes it, sent by a job that claims the row first, so a
 * job run twice sends one message. The status webhooks carry it on from 'sent'.
 */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** One message per cause ('order-shipped:<order id>:<awb>'): a repeated event enqueues nothing new. */
    dedupeKey: text('dedupe_key').notNull(),
    /** A name from WHATSAPP_TEMPLATES: which approved template Meta fills in. */
    template: text('template').notNull(),
    /** '+919876543210'. */
    toNumber: text('to_number').notNull(),
    variables: jsonb('variables').$type<Record<string, string>>().notNull(),
    /** The words the recipient reads, as the approved template renders them; shown in the back office. */
    body: text('body').notNull(),
    /** The order the message is about, so a button pressed under it acts on that order. */
    orderId: uuid('order_id'),
    userId: uuid('user_id'),
    status: text('status', { enum: WHATSAPP_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** 'auth' when Meta refused the access token: the channel is unhealthy until a message goes again. */
    failureKind: text('failure_kind'),
    /** Meta's message id ('wamid.…'), which the status webhooks and button replies name. */
    providerMessageId: text('provider_message_id'),
    /** Until when a 'sending' attempt holds the row, or an 'unconfirmed' one waits for a status webhook. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('whatsapp_messages_dedupe_unique').on(table.dedupeKey),
    uniqueIndex('whatsapp_messages_provider_id_unique').on(table.providerMessageId),
    index('whatsapp_messages_created_idx').on(table.createdAt),
    index('whatsapp_messages_user_idx').on(table.userId),
  ],
);

/**
 * A customer's opt-in to order updates on WhatsApp (never on by default), with the number it is for. Each change
 * is also a row of consent_records (purpose 'whatsapp'), so the consent log holds its history.
 */
export const whatsappSubscriptions = pgTable('whatsapp_subscriptions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** '+919876543210'. */
  phone: text('phone').notNull(),
  optedIn: boolean('opted_in').notNull(),
  /** 'checkout', 'profile' or 'whatsapp-stop' (the customer replied STOP). */
  source: text('source').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
},
(table) => [index('whatsapp_subscriptions_phone_idx').on(table.phone)]);

/**
 * Messages customers sent the shop (button replies, STOP), by Meta's id: Meta delivers a webhook again when it is
 * not sure it arrived, and a second delivery of one button press must not act twice.
 */
export const whatsappInbound = pgTable('whatsapp_inbound', {
  providerMessageId: text('provider_message_id').primaryKey(),
  fromNumber: text('from_number').notNull(),
  /** 'cod-confirm', 'cod-cancel', 'ndr-reattempt', 'ndr-address', 'stop', or 'other'. */
  kind: text('kind').notNull(),
  /** What the shop did with it, for the back office. */
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
