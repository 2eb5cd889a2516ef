import { z } from 'zod';
import { billPartSchema } from './bill.ts';
import { text } from './fields.ts';
import { OFFLINE_REFUND_METHODS, OFFLINE_REFUND_STATUSES } from '../domain/offline-refunds.ts';
import { CARRIERS, ORDER_STATUSES, PAYMENT_STATUSES } from '../domain/orders.ts';

/** Amounts are rupees with two decimals, as the storefront has always read them; the database keeps paise. */
export const orderItemSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  name: text(),
  slug: text(),
  size: text(),
  quantity: z.number().int(),
  price: z.number(),
  lineTotal: z.number(),
  image: text().nullable(),
  /** A free gift an offer added: its price is on the line and all of it is taken off by that offer. */
  gift: z.boolean(),
  /** The tax the line was sold at, from its invoice; null before the order is invoiced. */
  hsnCode: text().nullable(),
  /** Percent: 18 for 18 %. */
  gstRate: z.number().nullable(),
  taxableValue: z.number().nullable(),
  cgst: z.number().nullable(),
  sgst: z.number().nullable(),
  igst: z.number().nullable(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const statusHistoryEntrySchema = z.object({
  status: z.enum(ORDER_STATUSES),
  timestamp: text(),
  updatedBy: text(),
  note: text().nullable(),
  /** What happened ('paid', 'return-approved', 'refund-succeeded'…; domain/order-lifecycle.ts), null on older entries: it picks the entry's heading. */
  event: text().nullable(),
});

export const addressSchema = z.object({ street: text(), city: text(), state: text(), zipCode: text(), country: text() });

/** Cash on delivery's side of an order (null for an order paid online); its fee is part of the order's total. */
export const cashOnDeliverySchema = z.object({
  /** The 'Cash on Delivery fee' line, in rupees. */
  fee: z.number(),
  /** The cash the courier collects: the total less what gift cards and store credit paid (`paidWithBalances`). */
  toCollect: z.number(),
  /** The customer confirms the order by then, or it is cancelled and its stock goes back. */
  confirmBy: text(),
  confirmedAt: text().nullable(),
  /** How the customer confirmed: on the order's page, by the e-mailed link, or with the WhatsApp button. */
  confirmedVia: z.enum(['web', 'email', 'whatsapp']).nullable(),
  /** When an admin marked 'Cash collected' (the order became paid then). */
  collectedAt: text().nullable(),
  /** When an admin marked the parcel 'Returned to origin'. */
  returnedToOriginAt: text().nullable(),
});
export type CashOnDelivery = z.infer<typeof cashOnDeliverySchema>;

/** A refund of cash collected on delivery, which the shop transfers by UPI or bank and records with its UTR. */
export const offlineRefundSchema = z.object({
  id: z.number().int(),
  /** The return whose share it is; null for a cancelled order's refund. */
  returnId: z.number().int().nullable(),
  /** What the shop transfers: the cash part of the refund. */
  amount: z.number(),
  /** What goes back onto the order's gift cards and store credit when the transfer is recorded (docs/decisions/0087). */
  toBalances: z.number(),
  status: z.enum(OFFLINE_REFUND_STATUSES),
  method: z.enum(OFFLINE_REFUND_METHODS).nullable(),
  /** The transfer's UTR, once paid. */
  reference: text().nullable(),
  /** The shop day it was sent (YYYY-MM-DD), once paid. */
  paidOn: text().nullable(),
  createdAt: text(),
});
export type OfflineRefund = z.infer<typeof offlineRefundSchema>;

export const orderSchema = z.object({
  id: text(),
  _id: text(),
  orderNumber: text(),
  createdAt: text(),
  date: text(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMethod: text(),
  paymentProvider: text(),
  paymentId: text().nullable(),
  /** The provider's refund id and when the shop refunded a cancelled paid order. */
  refundId: text().nullable(),
  refundedAt: text().nullable(),
  /** Given back to the customer so far, over every refund (a cancelled order's, returned lines'). */
  refundedAmount: z.number(),
  /** Of `refundedAmount`: what went back onto the gift cards and store credit that paid (docs/decisions/0068). */
  refundedToBalances: z.number(),
  /** Of `refundedAmount`: what went onto the customer's store credit at their choice instead of back to the card (decision 0075). */
  refundedToStoreCredit: z.number(),
  subtotal: z.number(),
  discountAmount: z.number(),
  discountedSubtotal: z.number(),
  shipping: z.number(),
  total: z.number(),
  /** What gift cards and store credit paid of `total`; the provider or the courier collected the rest. */
  paidWithBalances: z.number(),
  /** Gift cards bought with the order, collected on top of `total` (no part of its bill or its tax). */
  giftCardsBought: z.number(),
  appliedCoupon: z.object({ code: text(), name: text(), discountAmount: z.number(), couponType: z.enum(['percentage', 'fixed']) }).nullable(),
  /** The bill's offers taken off (`discountAmount` in all) and charges added (the Cash on Delivery fee), by label. */
  adjustments: z.array(billPartSchema),
  charges: z.array(billPartSchema),
  customerName: text(),
  customerEmail: text(),
  customerPhone: text(),
  /** A registered business buying for itself, named on its tax invoice; null for a consumer. */
  business: z.object({ gstin: text(), legalName: text() }).nullable(),
  /** A gift: wrapped or not (the wrap is among `charges`), the recipient's name and the card's message; null otherwise. */
  gift: z.object({ wrap: z.boolean(), recipientName: text(), message: text(), recipientEmail: text().nullable().optional().describe('Where the gift receipt goes when the order ships') }).nullable(),
  customer: z.object({ name: text(), email: text() }),
  /** Null for an order of gift cards alone: nothing goes by courier. */
  shippingAddress: addressSchema.nullable(),
  items: z.array(orderItemSchema),
  itemCount: z.number().int(),
  statusHistory: z.array(statusHistoryEntrySchema),
  tracking: z
    .object({ trackingNumber: text(), carrier: text(), estimatedDelivery: text().nullable(), notes: text().nullable() })
    .nullable(),
  /**
   * Estimated delivery: the day promised from the shipping zone of the address when the order was placed, or the
   * admin's tracking date; orders from before shipping zones: 7 business days after the order.
   */
  estimatedDelivery: text(),
  /** The tax invoice, issued when the order became paid (null before, and for an order never supplied). */
  invoiceNumber: text().nullable(),
  invoiceDate: text().nullable(),
  tax: z
    .object({ placeOfSupply: text(), placeOfSupplyCode: text().nullable(), taxableValue: z.number(), cgst: z.number(), sgst: z.number(), igst: z.number() })
    .nullable(),
  /** Credit notes issued for refunds, oldest first. */
  creditNotes: z.array(z.object({ number: text(), date: text(), amount: z.number(), taxableValue: z.number(), cgst: z.number(), sgst: z.number(), igst: z.number() })),
  cashOnDelivery: cashOnDeliverySchema.nullable(),
  /** Refunds the shop transfers for cash collected on delivery, oldest first (empty for orders paid online). */
  offlineRefunds: z.array(offlineRefundSchema),
  /** The UPI ID the customer gave for those refunds. */
  refundUpiId: text().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderResponseSchema = z.object({ success: z.literal(true), order: orderSchema });
export const orderListResponseSchema = z.object({ success: z.literal(true), orders: z.array(orderSchema) });
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;

export const orderIdParamsSchema = z.object({ orderId: text().trim().min(1).max(64) });

// ---- admin ----

export const ADMIN_ORDER_SORTS = ['newest', 'oldest', 'total-desc', 'total-asc', 'status'] as const;

export const adminOrderListQuerySchema = z.object({
  search: text().trim().max(100, { error: 'search must be at most 100 characters' }).optional(),
  status: z.enum([...ORDER_STATUSES, 'all'], { error: `status must be one of ${ORDER_STATUSES.join(', ')} or all` }).optional(),
  sort: z.enum(ADMIN_ORDER_SORTS, { error: `sort must be one of ${ADMIN_ORDER_SORTS.join(', ')}` }).default('newest'),
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, { error: 'page must be at least 1' }).default(1),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(100, { error: 'limit must be at most 100' }).default(50),
});
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

export const adminOrderListResponseSchema = z.object({
  success: z.literal(true),
  orders: z.array(orderSchema),
  /** Orders per status over the whole shop, for the status cards. */
  counts: z.record(z.enum([...ORDER_STATUSES, 'all']), z.number().int()),
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), pages: z.number().int() }),
});
export type AdminOrderListResponse = z.infer<typeof adminOrderListResponseSchema>;

export const orderStatusBodySchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }),
  note: text().trim().max(500, { error: 'note must be at most 500 characters' }).optional(),
});

export const trackingBodySchema = z.object({
  trackingNumber: text({ error: 'Tracking number is required' })
    .trim()
    .min(1, { error: 'Tracking number is required' })
    .max(64, { error: 'trackingNumber must be at most 64 characters' }),
  carrier: z.enum(CARRIERS, { error: `carrier must be one of ${CARRIERS.join(', ')}` }),
  /** A date (YYYY-MM-DD, shop time) or an ISO time; empty keeps the date promised at checkout. */
  estimatedDelivery: text()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || !Number.isNaN(Date.parse(value)), { error: 'estimatedDelivery must be a date' }),
  notes: text().trim().max(500, { error: 'notes must be at most 500 characters' }).optional(),
});
export type TrackingBody = z.infer<typeof trackingBodySchema>;

/** An admin's change to an order: what was done, and the order as it now stands. */
/** A customer cancels their paid order before dispatch; the refund goes back the way it came unless they choose store credit. */
export const customerCancelBodySchema = z.object({
  refundTo: z.enum(['original', 'store-credit'], { error: 'refundTo must be original or store-credit' }).optional(),
});
export type CustomerCancelBody = z.infer<typeof customerCancelBodySchema>;

export const orderChangeResponseSchema = z.object({ success: z.literal(true), message: text(), order: orderSchema });
