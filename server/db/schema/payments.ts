import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Webhook deliveries already handled, by Razorpay's event id, so a repeat changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  event: text('event').notNull(),
  providerOrderId: text('provider_order_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
