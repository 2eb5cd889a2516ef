import { z } from 'zod';
import { SHIPMENT_STATUSES } from '../domain/shipments.ts';
import { serialId, text } from './fields.ts';

const SHIPMENT_ID_MESSAGE = 'shipmentId must be a shipment number';
const shipmentId = () => serialId(SHIPMENT_ID_MESSAGE);

export const shipmentEventSchema = z.object({
  status: z.enum(SHIPMENT_STATUSES).nullable(),
  /** The timeline's heading: the shop's word for the step, or the courier's own for a scan that moves nothing. */
  title: z.string(),
  activity: z.string(),
  location: z.string(),
  at: z.string(),
  source: z.string(),
});

export const shipmentSchema = z.object({
  id: z.number().int(),
  orderId: z.string(),
  orderNumber: z.string(),
  provider: z.enum(['manual', 'shiprocket']),
  status: z.enum(SHIPMENT_STATUSES),
  statusName: z.string(),
  lines: z.array(z.object({ orderItemId: z.number().int(), name: z.string(), size: z.string(), quantity: z.number().int() })),
  weightGrams: z.number().int(),
  dimensionsCm: z.object({ length: z.number().int(), breadth: z.number().int(), height: z.number().int() }),
  reference: z.string(),
  courierName: z.string().nullable(),
  awb: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  labelUrl: z.string().nullable(),
  pickupScheduledFor: z.string().nullable(),
  /** 'delayed': the courier did not answer and the booking is being retried; 'failed': it refused, see bookingError. */
  booking: z.enum(['idle', 'queued', 'delayed', 'failed']),
  bookingError: z.string().nullable(),
  ndr: z.object({ reason: z.string(), attempts: z.number().int(), action: z.string().nullable() }).nullable(),
  events: z.array(shipmentEventSchema),
  createdAt: z.string(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

export const shipmentResponseSchema = z.object({ success: z.literal(true), shipment: shipmentSchema });
export const shipmentListResponseSchema = z.object({ success: z.literal(true), shipments: z.array(shipmentSchema) });

export const shipmentParamsSchema = z.object({ shipmentId: shipmentId() });
export const orderShipmentParamsSchema = z.object({ orderId: text().trim().min(1).max(64), shipmentId: shipmentId() });

const LINES_MESSAGE = 'lines must list order lines (orderItemId) and how many units of each go in this parcel';
/**
 * A new parcel of an order: which units (all those not yet in a parcel, when left out) and, for a parcel sent by
 * hand, its courier and tracking number; without them it is booked with the shop's courier API.
 */
export const createShipmentBodySchema = z
  .object({
    lines: z
      .array(z.object({ orderItemId: serialId(LINES_MESSAGE, { digits: false }), quantity: z.number({ error: LINES_MESSAGE }).int({ error: LINES_MESSAGE }).min(1, { error: LINES_MESSAGE }).max(1000, { error: LINES_MESSAGE }) }), {
        error: LINES_MESSAGE,
      })
      .min(1, { error: LINES_MESSAGE })
      .max(100, { error: LINES_MESSAGE })
      .optional(),
    courierName: text({ error: 'courierName must be text' }).trim().min(2, { error: 'courierName must name the courier' }).max(80, { error: 'courierName must be at most 80 characters' }).optional(),
    awb: text({ error: 'awb must be the tracking number' })
      .trim()
      .regex(/^[A-Za-z0-9-]{6,40}$/, { error: 'awb must be the tracking number: 6 to 40 letters, digits or hyphens' })
      .optional(),
  })
  .refine((body) => Boolean(body.courierName) === Boolean(body.awb), { error: 'courierName and awb go together: both for a parcel sent by hand, neither to book it with the courier', path: ['awb'] });
export type CreateShipmentBody = z.infer<typeof createShipmentBodySchema>;

const ORDER_IDS_MESSAGE = 'orderIds must list between 1 and 100 order numbers';
export const bulkShipmentBodySchema = z.object({
  orderIds: z.array(text().trim().min(1).max(64), { error: ORDER_IDS_MESSAGE }).min(1, { error: ORDER_IDS_MESSAGE }).max(100, { error: ORDER_IDS_MESSAGE }),
});
export const bulkShipmentResponseSchema = z.object({
  success: z.literal(true),
  created: z.array(shipmentSchema),
  refused: z.array(z.object({ orderId: z.string(), message: z.string() })),
});

const SHIPMENT_IDS_MESSAGE = 'shipmentIds must list between 1 and 100 shipments';
export const shipmentIdsBodySchema = z.object({
  shipmentIds: z.array(shipmentId(), { error: SHIPMENT_IDS_MESSAGE }).min(1, { error: SHIPMENT_IDS_MESSAGE }).max(100, { error: SHIPMENT_IDS_MESSAGE }),
});
export const queuedResponseSchema = z.object({ success: z.literal(true), message: z.string(), shipments: z.array(shipmentSchema) });

/** Where an admin moves a parcel sent by hand, as its courier reports it by phone or on its site. */
export const shipmentStatusBodySchema = z.object({
  status: z.enum(['picked-up', 'in-transit', 'out-for-delivery', 'undelivered', 'delivered', 'rto-initiated', 'rto-delivered'], {
    error: 'status must be one of picked-up, in-transit, out-for-delivery, undelivered, delivered, rto-initiated, rto-delivered',
  }),
  note: text().trim().max(300, { error: 'note must be at most 300 characters' }).optional(),
});

const PHONE_MESSAGE = 'phone must be a 10-digit Indian mobile number';
const DATE_MESSAGE = 'preferredDate must be a day (YYYY-MM-DD)';
/** The customer's (or the admin's) answer to a failed delivery. */
export const ndrDecisionBodySchema = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('re-attempt'),
      preferredDate: text({ error: DATE_MESSAGE }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: DATE_MESSAGE }).optional(),
      phone: text({ error: PHONE_MESSAGE }).regex(/^(\+91[ -]?)?[6-9]\d{4}[ -]?\d{5}$/, { error: PHONE_MESSAGE }).optional(),
      address: text({ error: 'address must be text' }).trim().min(10, { error: 'address must be the full street address' }).max(300, { error: 'address must be at most 300 characters' }).optional(),
    }),
    z.object({ action: z.literal('return') }),
  ],
  { error: 'action must be re-attempt or return' },
);
export type NdrDecisionBody = z.infer<typeof ndrDecisionBodySchema>;

export const shipmentQueueQuerySchema = z.object({
  queue: z.enum(['ready', 'in-transit', 'ndr', 'returning'], { error: 'queue must be ready, in-transit, ndr or returning' }).default('ready'),
});
export const readyToShipResponseSchema = z.object({
  success: z.literal(true),
  orders: z.array(z.object({ id: z.string(), orderNumber: z.string(), customerName: z.string(), city: z.string(), pincode: z.string(), units: z.number().int(), cashOnDelivery: z.boolean(), placedAt: z.string() })),
  shipments: z.array(shipmentSchema),
});

/** What Shiprocket's tracking webhook is told: 200 whatever happened, unless its token is wrong. */
export const courierWebhookResponseSchema = z.object({ success: z.literal(true), outcome: z.enum(['processed', 'duplicate', 'ignored']) });
