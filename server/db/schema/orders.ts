import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Adjustment, Charge } from '../../../domain/bill.ts';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../../domain/orders.ts';
import type { SetComponent } from '../../../domain/sets.ts';
import type { GiftDetails } from '../../../domain/gifts.ts';
import { users } from './accounts.ts';
import { products } from './catalogue.ts';
import { festivals } from './festivals.ts';
import { type StoredAddress, type SnapshotCoupon, checkouts } from './checkout.ts';
import type { InvoiceSeller } from './invoices.ts';

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
    /**
     * Gift cards bought with the order (the checkout's figure, gift_card_sales has each): collected on top of
     * `totalPaise`, which they are no part of, a voucher's sale not being a supply (decisions 0074, 0083).
     */
    vouchersPaise: integer('vouchers_paise').notNull().default(0),
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
    /** Where the parcel goes; null only for an order of gift cards alone, which has no goods (decision 0083). */
    shippingAddress: jsonb('shipping_address').$type<StoredAddress>(),
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
    // An order of gift cards alone bills nothing (the cards are outside the bill, decision 0074) and may have no
    // address; an order of goods bills them and has one.
    check('orders_address_for_goods', sql`${table.shippingAddress} is not null or ${table.subtotalPaise} = 0`),
    check('orders_nothing_billed_without_goods', sql`${table.subtotalPaise} > 0 or (${table.totalPaise} = 0 and ${table.chargesPaise} = 0)`),
    // Every order buys something: goods, gift cards, or both.
    check('orders_vouchers_bought', sql`${table.vouchersPaise} >= 0 and (${table.subtotalPaise} > 0 or ${table.vouchersPaise} > 0)`),
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
