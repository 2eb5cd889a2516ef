import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Adjustment, Charge } from '../../../domain/bill.ts';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../../domain/orders.ts';
import { OFFLINE_REFUND_METHODS, OFFLINE_REFUND_STATUSES } from '../../../domain/offline-refunds.ts';
import { RETURN_REASONS, RETURN_STATUSES, type ReturnLine } from '../../../domain/returns.ts';
import type { SetComponent } from '../../../domain/sets.ts';
import type { GiftDetails } from '../../../domain/gifts.ts';
import { users } from './accounts.ts';
import { products } from './catalogue.ts';
import { festivals } from './festivals.ts';

export interface StoredAddress {
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

export interface StoredCustomer {
  name: string;
  email: string;
  phone: string;
}

/** One priced line as the server priced it when the payment order was made; the order is built from this. */
export interface SnapshotLine {
  productId: number;
  name: string;
  slug: string;
  categoryId: string;
  size: string;
  quantity: number;
  unitPricePaise: number;
  lineTotalPaise: number;
  image: string | null;
  /** A free gift a promotion added (its price is taken off by that promotion's adjustment). */
  gift?: boolean;
  /** A set's contents when it was priced: the units its sale takes from each component's shelf. */
  components?: SetComponent[] | null;
}

/** A festival's code (festivalId) or a customer's personal achievement code (personalCouponId). */
export interface SnapshotCoupon {
  festivalId: number | null;
  personalCouponId?: string | null;
  code: string;
  name: string;
  couponType: 'percentage' | 'fixed';
  discountPaise: number;
}

/**
 * A payment attempt: the server-priced basket, the customer's details and the provider's order id. It exists
 * before any money moves, so whatever the browser or a webhook reports later is checked against it.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    /** Our checkout id, sent to the provider as the receipt. */
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** 'cod': an order to be paid on delivery, whose checkout never meets a payment provider. */
    /** 'balances': paid wholly by gift cards and store credit, so no provider was asked. */
    provider: text('provider', { enum: ['razorpay', 'sandbox', 'cod', 'balances'] }).notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    subtotalPaise: integer('subtotal_paise').notNull(),
    discountPaise: integer('discount_paise').notNull().default(0),
    /**
     * What gift cards and store credit pay of `amountPaise` (balance_tenders has each): the provider collects the
     * rest. A payment, not an adjustment: the bill and its tax are the same however it is paid (decision 0067).
     */
    balancesPaise: integer('balances_paise').notNull().default(0),
    /**
     * Gift cards bought with the checkout (gift_card_sales has each): collected on top of `amountPaise`, the goods'
     * bill, which they are no part of, since selling a voucher is not a supply (decision 0074).
     */
    vouchersPaise: integer('vouchers_paise').notNull().default(0),
    lines: jsonb('lines').$type<SnapshotLine[]>().notNull(),
    /** The bill's adjustments and charges as priced (domain/bill.ts), allocated to the lines by `productId-size`. */
    adjustments: jsonb('adjustments').$type<Adjustment[]>().notNull().default([]),
    charges: jsonb('charges').$type<Charge[]>().notNull().default([]),
    coupon: jsonb('coupon').$type<SnapshotCoupon | null>(),
    customer: jsonb('customer').$type<StoredCustomer>().notNull(),
    shippingAddress: jsonb('shipping_address').$type<StoredAddress>().notNull(),
    /** A registered business buying for itself, as typed at checkout (the order copies it). */
    buyerGstin: text('buyer_gstin'),
    buyerLegalName: text('buyer_legal_name'),
    /** "This is a gift", as chosen at checkout (the order copies it); null when it is not one. */
    gift: jsonb('gift').$type<GiftDetails>(),
    status: text('status', { enum: ['awaiting_payment', 'paid', 'failed'] }).notNull().default('awaiting_payment'),
    failureReason: text('failure_reason'),
    /**
     * The basket's units (and a limited coupon's use) set aside while the customer pays: 'held' until the payment
     * converts them into the order ('converted'), or a failure or the expiry job gives them back ('released').
     * Null on checkouts made before holds existed.
     */
    holdState: text('hold_state', { enum: ['held', 'converted', 'released'] }),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('checkouts_provider_order_unique').on(table.providerOrderId),
    index('checkouts_user_idx').on(table.userId),
    // The expiry job looks only at live holds, oldest first; so does reading the units products have held.
    index('checkouts_live_holds_idx').on(table.holdExpiresAt).where(sql`${table.holdState} = 'held'`),
    check('checkouts_amount_at_least_one_rupee', sql`${table.amountPaise} >= 100`),
    check('checkouts_balances_range', sql`${table.balancesPaise} >= 0 and ${table.balancesPaise} <= ${table.amountPaise}`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** One checkout makes at most one order, however many times the browser and webhooks report the payment. */
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    paymentMethod: text('payment_method').notNull().default('card'),
    paymentProvider: text('payment_provider', { enum: ['razorpay', 'sandbox', 'cod', 'balances'] }).notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    providerPaymentId: text('provider_payment_id'),
    /** The provider's refund (rfnd_…) once an admin has refunded a cancelled paid order. */
    providerRefundId: text('provider_refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** Paise given back to the customer over all refunds (a whole cancelled order, or returned lines). */
    refundedPaise: integer('refunded_paise').notNull().default(0),
    /**
     * The order's bill (domain/bill.ts): its lines are the order items at their prices (`subtotalPaise` in all);
     * `adjustments` take money off them (`discountPaise` in all) and `charges` are billed on top (`chargesPaise` in
     * all: the Cash on Delivery fee, the zone's when placed), each allocated to the lines by `productId-size`.
     * The sums are kept beside the lists so reports add up orders without reading them, and the database ties
     * both together (the checks below).
     */
    subtotalPaise: integer('subtotal_paise').notNull(),
    discountPaise: integer('discount_paise').notNull().default(0),
    shippingPaise: integer('shipping_paise').notNull().default(0),
    totalPaise: integer('total_paise').notNull(),
    adjustments: jsonb('adjustments').$type<Adjustment[]>().notNull().default([]),
    charges: jsonb('charges').$type<Charge[]>().notNull().default([]),
    chargesPaise: integer('charges_paise').notNull().default(0),
    /** What gift cards and store credit paid of `totalPaise` (the checkout's figure); the provider or courier collected the rest. */
    balancesPaise: integer('balances_paise').notNull().default(0),
    /** Cash on delivery: the customer confirms by then or the order is cancelled; null for orders paid online. */
    codConfirmBy: timestamp('cod_confirm_by', { withTimezone: true }),
    codConfirmedAt: timestamp('cod_confirmed_at', { withTimezone: true }),
    /** How the customer confirmed: 'web' (signed in), 'email' (the e-mailed link) or 'whatsapp' (the button). */
    codConfirmedVia: text('cod_confirmed_via'),
    /** When an admin marked the cash collected (the order became paid then). */
    codCollectedAt: timestamp('cod_collected_at', { withTimezone: true }),
    /** When an admin marked the parcel returned to origin: the customer's RTO record counts these. */
    codReturnedAt: timestamp('cod_returned_at', { withTimezone: true }),
    /** Cash on delivery: the customer's UPI ID for a refund the shop transfers to them (domain/offline-refunds.ts). */
    refundUpiId: text('refund_upi_id'),
    festivalId: integer('festival_id').references(() => festivals.id),
    coupon: jsonb('coupon').$type<SnapshotCoupon | null>(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull().default(''),
    shippingAddress: jsonb('shipping_address').$type<StoredAddress>().notNull(),
    /**
     * A registered business buying for itself: its GSTIN and legal name, printed on the tax invoice (CGST rule
     * 46(e)) and reported under B2B. Null for a consumer.
     */
    buyerGstin: text('buyer_gstin'),
    buyerLegalName: text('buyer_legal_name'),
    /**
     * A gift (domain/gifts.ts): wrapped or not (the wrap is a charge of the bill), the recipient's name for the
     * parcel and the message the packing slip prints without prices. The invoice still goes to the buyer. Null
     * when the order is not a gift.
     */
    gift: jsonb('gift').$type<GiftDetails>(),
    /** True while this order holds its units of stock; cancelling gives them back, reopening takes them again. */
    holdsStock: boolean('holds_stock').notNull().default(false),
    /** When the order was last marked delivered: the return window counts from here. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    trackingNumber: text('tracking_number'),
    carrier: text('carrier'),
    estimatedDelivery: timestamp('estimated_delivery', { withTimezone: true }),
    trackingNotes: text('tracking_notes'),
    /**
     * The tax invoice, issued once when the order becomes paid: its number in the financial year's series, its
     * date, the place of supply (GST state code of the shipping address) and the seller as registered then.
     */
    invoiceNumber: text('invoice_number'),
    invoiceDate: timestamp('invoice_date', { withTimezone: true }),
    placeOfSupply: text('place_of_supply'),
    invoiceSeller: jsonb('invoice_seller').$type<InvoiceSeller>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_number_unique').on(table.orderNumber),
    uniqueIndex('orders_checkout_unique').on(table.checkoutId),
    // Razorpay's refund webhooks name the refund, not the order.
    uniqueIndex('orders_refund_unique').on(table.providerRefundId),
    uniqueIndex('orders_invoice_number_unique').on(table.invoiceNumber),
    // The monthly GST report reads a month's invoices by date.
    index('orders_invoice_date_idx').on(table.invoiceDate).where(sql`${table.invoiceNumber} is not null`),
    index('orders_user_created_idx').on(table.userId, table.createdAt),
    index('orders_created_idx').on(table.createdAt),
    index('orders_status_idx').on(table.status),
    // Reports add up orders counting as spent by date: this index answers them without visiting the table.
    index('orders_spent_created_idx')
      .on(table.createdAt, table.totalPaise, table.userId)
      .where(sql`${table.paymentStatus} = 'paid' and ${table.status} <> 'cancelled'`),
    // Returning buyers: each of a period's buyers is probed for an earlier order that counts, from the index alone.
    index('orders_spent_user_idx')
      .on(table.userId, table.createdAt)
      .where(sql`${table.paymentStatus} = 'paid' and ${table.status} <> 'cancelled'`),
    // The expiry job looks only at COD orders still waiting for their customer, oldest deadline first.
    index('orders_cod_unconfirmed_idx')
      .on(table.codConfirmBy)
      .where(sql`${table.paymentStatus} = 'cod_pending' and ${table.codConfirmedAt} is null and ${table.status} <> 'cancelled'`),
    // COD share and RTO rate by date count COD orders and how their cash ended from this index alone.
    index('orders_cod_created_idx')
      .on(table.createdAt, table.codCollectedAt, table.codReturnedAt)
      .where(sql`${table.paymentMethod} = 'cod'`),
    check('orders_totals_add_up', sql`${table.totalPaise} = ${table.subtotalPaise} - ${table.discountPaise} + ${table.shippingPaise} + ${table.chargesPaise}`),
    // bill_parts_paise (migration 0032) adds up a list's amounts: the sums stand for their lists exactly.
    check('orders_adjustments_add_up', sql`${table.discountPaise} = bill_parts_paise(${table.adjustments})`),
    check('orders_charges_add_up', sql`${table.chargesPaise} = bill_parts_paise(${table.charges}) and ${table.chargesPaise} >= 0`),
    check('orders_refund_range', sql`${table.refundedPaise} >= 0 and ${table.refundedPaise} <= ${table.totalPaise}`),
    check('orders_discount_range', sql`${table.discountPaise} >= 0 and ${table.discountPaise} <= ${table.subtotalPaise}`),
    check('orders_balances_range', sql`${table.balancesPaise} >= 0 and ${table.balancesPaise} <= ${table.totalPaise}`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    categoryId: text('category_id').notNull(),
    size: text('size').notNull(),
    quantity: integer('quantity').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    lineTotalPaise: integer('line_total_paise').notNull(),
    image: text('image'),
    /** A free gift a promotion added: billed at its price with all of it taken off, keyed apart from a bought line. */
    gift: boolean('gift').notNull().default(false),
    /**
     * A set's contents as sold (domain/sets.ts): the invoice names them, and a cancellation or a return puts
     * these units back on the components' shelves even if the set is made differently since. Null for a potion.
     */
    components: jsonb('components').$type<SetComponent[]>(),
    /** The tax this line was sold at, fixed when the invoice was issued (null on lines never invoiced). */
    hsnCode: text('hsn_code'),
    gstRateBp: integer('gst_rate_bp'),
    /** The line's share of the order's discount. */
    discountPaise: integer('discount_paise'),
    taxablePaise: integer('taxable_paise'),
    cgstPaise: integer('cgst_paise'),
    sgstPaise: integer('sgst_paise'),
    igstPaise: integer('igst_paise'),
  },
  (table) => [
    // Finds an order's lines, and lets sales reports group a period's lines by product and category from the
    // index alone, without reading the table.
    index('order_items_order_idx').on(table.orderId, table.productId, table.categoryId, table.quantity, table.lineTotalPaise),
    index('order_items_product_idx').on(table.productId),
    check('order_items_quantity_positive', sql`${table.quantity} >= 1`),
  ],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    note: text('note'),
    /** The lifecycle event that wrote the entry ('paid', 'return-received'…), so each reads under its own heading; null on entries older than it. */
    event: text('event'),
    /** The name shown as 'Updated by': an admin's name, or 'System'. */
    updatedBy: text('updated_by').notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_status_history_order_idx').on(table.orderId, table.createdAt)],
);

/** The seller as the invoice names it: kept with the invoice, so a later change of settings never rewrites it. */
export interface InvoiceSeller {
  legalName: string;
  /** Null for a demo shop without a registration: its documents are receipts. */
  gstin: string | null;
  /** The company's Corporate Identity Number, when it has one to print (absent on documents issued before). */
  cin?: string | null;
  address: string;
  stateCode: string;
}

/** One line of a credit note: what it gives back of an invoice line, split as that line was taxed. */
export interface CreditNoteLine {
  orderItemId: number;
  name: string;
  size: string;
  hsnCode: string;
  gstRateBp: number;
  /**
   * The units given back (a return's, or those still with the order when it is cancelled); 0 for a reduction of
   * value alone. Absent on notes issued before notes named their units (see `creditedUnits`).
   */
  quantity?: number;
  grossPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/**
 * A credit note, issued once per refund (the refund's id is unique here, so a retried refund finds it made),
 * in its own financial-year series, against the order's invoice.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    invoiceNumber: text('invoice_number').notNull(),
    refundId: text('refund_id').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    amountPaise: integer('amount_paise').notNull(),
    taxablePaise: integer('taxable_paise').notNull(),
    cgstPaise: integer('cgst_paise').notNull(),
    sgstPaise: integer('sgst_paise').notNull(),
    igstPaise: integer('igst_paise').notNull(),
    lines: jsonb('lines').$type<CreditNoteLine[]>().notNull(),
    seller: jsonb('seller').$type<InvoiceSeller>().notNull(),
  },
  (table) => [
    uniqueIndex('credit_notes_number_unique').on(table.number),
    uniqueIndex('credit_notes_refund_unique').on(table.refundId),
    index('credit_notes_order_idx').on(table.orderId),
    index('credit_notes_issued_idx').on(table.issuedAt),
    check('credit_notes_adds_up', sql`${table.amountPaise} = ${table.taxablePaise} + ${table.cgstPaise} + ${table.sgstPaise} + ${table.igstPaise}`),
  ],
);

/**
 * The last number of each document series in each financial year. Issuing a document updates its row in the
 * transaction that makes the document, so the row stays locked until that transaction ends: numbers are handed
 * out one at a time, and one rolled back is handed out again, leaving no gap.
 */
export const documentSequences = pgTable(
  'document_sequences',
  {
    series: text('series', { enum: ['invoice', 'credit-note'] }).notNull(),
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (table) => [primaryKey({ columns: [table.series, table.financialYear] })],
);

/** Webhook deliveries already handled, by Razorpay's event id, so a repeat changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  event: text('event').notNull(),
  providerOrderId: text('provider_order_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A customer's request to send back some of a delivered order's lines, and the back office's handling of it:
 * approved (with pickup instructions) or rejected (with a reason), then received, restocked or written off, and
 * refunded for the returned lines' share (`refundPaise`, through the provider's partial refund `providerRefundId`).
 */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    reason: text('reason', { enum: RETURN_REASONS }).notNull(),
    note: text('note'),
    /** URLs of the customer's photos under /uploads, re-encoded on upload. */
    photos: text('photos').array().notNull().default(sql`'{}'::text[]`),
    lines: jsonb('lines').$type<ReturnLine[]>().notNull(),
    /** The returned lines' share of what was paid, discount prorated, fixed when the request is made. */
    refundPaise: integer('refund_paise').notNull(),
    /** Set on receipt: true when the units went back on the shelf, false when written off as damaged. */
    restocked: boolean('restocked'),
    /** The back office's words to the customer: pickup instructions, or why it was rejected. */
    adminNote: text('admin_note'),
    providerRefundId: text('provider_refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /**
     * Where the customer asked the money they paid to go: back the way it came (the default), or onto their store
     * credit at once (decision 0075). Gift cards and store credit that paid are given back to themselves either way.
     */
    refundTo: text('refund_to', { enum: ['original', 'store-credit'] })
      .notNull()
      .default('original'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('order_returns_order_idx').on(table.orderId),
    index('order_returns_status_created_idx').on(table.status, table.createdAt),
    uniqueIndex('order_returns_refund_unique').on(table.providerRefundId),
    check('order_returns_refund_non_negative', sql`${table.refundPaise} >= 0`),
  ],
);

/**
 * A return photo uploaded and not yet part of a return request. The request claims its photos by deleting their
 * rows (so only its own customer's uploads, and each once); a job removes the files whose rows are still here a
 * day later, so uploads nobody sent in do not pile up on disk or in the bucket.
 */
export const returnPhotoUploads = pgTable(
  'return_photo_uploads',
  {
    /** The stored file's name under /uploads. */
    name: text('name').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('return_photo_uploads_created_idx').on(table.createdAt)],
);

/**
 * A refund of cash collected on delivery, which the shop pays by UPI or bank transfer and records here (there is
 * no payment to refund through the provider). Opened 'awaiting' when the order is cancelled or a return of it
 * is received; 'paid' once an admin records the transfer, which is when the order counts it refunded and the
 * credit note is issued, as for a refund through the provider. 'withdrawn' when it is no longer owed: the order
 * was reopened, or a return's share became part of the whole order's refund when the order was cancelled.
 */
export const offlineRefunds = pgTable(
  'offline_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The return whose share this is; null for the refund of a cancelled order. */
    returnId: integer('return_id').references(() => orderReturns.id),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status', { enum: OFFLINE_REFUND_STATUSES }).notNull().default('awaiting'),
    method: text('method', { enum: OFFLINE_REFUND_METHODS }),
    /** The transfer's UTR (a UPI transaction ID, or a bank transfer's reference). */
    reference: text('reference'),
    /** The shop day the money was sent (YYYY-MM-DD). */
    paidOn: text('paid_on'),
    recordedBy: uuid('recorded_by').references(() => users.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('offline_refunds_order_idx').on(table.orderId),
    // One transfer pays one refund: a UTR typed twice is a mistake.
    uniqueIndex('offline_refunds_reference_unique').on(table.reference),
    check('offline_refunds_amount_positive', sql`${table.amountPaise} > 0`),
    check('offline_refunds_paid_has_transfer', sql`${table.status} <> 'paid' or (${table.method} is not null and ${table.reference} is not null and ${table.paidOn} is not null)`),
  ],
);
