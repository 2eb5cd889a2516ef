import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Adjustment, Charge } from '../../../domain/bill.ts';
import type { SetComponent } from '../../../domain/sets.ts';
import type { GiftDetails } from '../../../domain/gifts.ts';
import { users } from './accounts.ts';

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
    /** Where the goods go; null for a checkout of gift cards alone, which sends nothing by courier (decision 0083). */
    shippingAddress: jsonb('shipping_address').$type<StoredAddress>(),
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
    // Razorpay refuses less than ₹1; a checkout of gift cards alone has a bill of nothing and collects the cards.
    check('checkouts_amount_at_least_one_rupee', sql`${table.amountPaise} >= 100 or (${table.amountPaise} = 0 and ${table.vouchersPaise} > 0 and ${table.lines} = '[]'::jsonb)`),
    // Goods need an address to go to.
    check('checkouts_address_for_goods', sql`${table.shippingAddress} is not null or ${table.lines} = '[]'::jsonb`),
    check('checkouts_balances_range', sql`${table.balancesPaise} >= 0 and ${table.balancesPaise} <= ${table.amountPaise}`),
  ],
);
