import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SHIPMENT_STATUSES, type ShipmentLine } from '../../../domain/shipments.ts';
import { orders } from './orders.ts';

/** Who carries a shipment: the shop's own courier account typed in by hand, or Shiprocket's API. */
export const SHIPPING_PROVIDERS = ['manual', 'shiprocket'] as const;

/**
 * Where a courier booking stands: nothing to do, waiting for its job, retried after the courier failed to answer
 * ('delayed': the admin sees "booking delayed"), or given up after the last retry.
 */
export const BOOKING_STATES = ['idle', 'queued', 'delayed', 'failed'] as const;

/**
 * One parcel of an order. Its `status` moves only through the shipment table (domain/shipments.ts); the order's
 * fulfilment status follows from all of its shipments. A booking with the courier is made by a job, step by step,
 * each step's answer kept here before the next, so a retried job continues where the last attempt stopped.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: SHIPPING_PROVIDERS }).notNull(),
    status: text('status', { enum: SHIPMENT_STATUSES }).notNull().default('created'),
    /** The order's units in this parcel. */
    lines: jsonb('lines').$type<ShipmentLine[]>().notNull(),
    weightGrams: integer('weight_grams').notNull(),
    lengthCm: integer('length_cm').notNull(),
    breadthCm: integer('breadth_cm').notNull(),
    heightCm: integer('height_cm').notNull(),
    /**
     * The shop's own reference for the courier booking (the order number and the shipment's id): sent as the
     * courier order's id, it is how a booking whose answer was lost is found again instead of made twice.
     */
    reference: text('reference').notNull(),
    providerOrderId: text('provider_order_id'),
    providerShipmentId: text('provider_shipment_id'),
    courierName: text('courier_name'),
    courierId: integer('courier_id'),
    awb: text('awb'),
    trackingUrl: text('tracking_url'),
    labelUrl: text('label_url'),
    manifestUrl: text('manifest_url'),
    pickupScheduledFor: text('pickup_scheduled_for'),
    bookingState: text('booking_state', { enum: BOOKING_STATES }).notNull().default('idle'),
    bookingError: text('booking_error'),
    bookingAttempts: integer('booking_attempts').notNull().default(0),
    /** The courier's reason for the last failed delivery attempt (NDR), while the parcel waits for a decision. */
    ndrReason: text('ndr_reason'),
    ndrAttempts: integer('ndr_attempts').notNull().default(0),
    /** What was asked of the courier for the last NDR ('re-attempt' or 'return'), and when. */
    ndrAction: text('ndr_action'),
    ndrActionAt: timestamp('ndr_action_at', { withTimezone: true }),
    /** When the courier last reported (or was asked about) this parcel: the poll looks for silent ones. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    /** The time of the latest courier event applied: an older event is kept in the timeline but moves nothing. */
    lastCourierEventAt: timestamp('last_courier_event_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('shipments_order_idx').on(table.orderId),
    uniqueIndex('shipments_awb_unique').on(table.awb),
    uniqueIndex('shipments_reference_unique').on(table.reference),
    index('shipments_status_idx').on(table.status, table.lastEventAt),
    check('shipments_weight_positive', sql`${table.weightGrams} > 0`),
  ],
);

/**
 * A shipment's timeline: every step it took and every courier scan reported, newest last. A courier event is
 * kept once: the same AWB, courier status and event time reported again (webhook retries, the poll) is a duplicate.
 */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    /** The shipment's state this event stands for, or null for a scan that names no state of ours. */
    status: text('status', { enum: SHIPMENT_STATUSES }),
    /** The courier's own status word (or the admin's action) for deduplication and the timeline. */
    courierStatus: text('courier_status').notNull(),
    activity: text('activity').notNull().default(''),
    location: text('location').notNull().default(''),
    eventAt: timestamp('event_at', { withTimezone: true }).notNull(),
    /** 'webhook', 'poll', 'admin', 'booking' or 'customer'. */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('shipment_events_dedupe').on(table.shipmentId, table.courierStatus, table.eventAt), index('shipment_events_shipment_idx').on(table.shipmentId, table.eventAt)],
);

/**
 * A courier API's session token, shared by every process of the shop: one login serves them all until it is
 * renewed a day before it runs out, so a fleet of workers does not log in once each.
 */
export const courierSessions = pgTable('courier_sessions', {
  provider: text('provider').primaryKey(),
  token: text('token').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A courier's answer for a delivery PIN (days to deliver, cash on delivery), kept for a day across processes. */
export const courierServiceability = pgTable(
  'courier_serviceability',
  {
    pincode: text('pincode').primaryKey(),
    serviceable: integer('serviceable').notNull(),
    deliveryDays: integer('delivery_days'),
    codAvailable: integer('cod_available').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (table) => [check('courier_serviceability_pin', sql`${table.pincode} ~ '^[1-9][0-9]{5}$'`)],
);
