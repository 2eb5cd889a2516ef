import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { checkouts } from './checkout.ts';
import { orders } from './orders.ts';

/** What a balance is: a gift card (spent by whoever holds its code) or a customer's store credit. */
export const BALANCE_KINDS = ['gift-card', 'store-credit'] as const;
/** Why a balance moved: each ledger entry names one. */
export const BALANCE_ENTRY_REASONS = ['issued', 'granted', 'checkout', 'released', 'refund', 'voided', 'expired'] as const;

/**
 * A balance a shopper can pay with (domain/balances.ts). Its `balance_paise` is the one figure a checkout takes
 * from, in one conditional update (`balance_paise >= wanted`), so two checkouts can never both spend the same
 * rupees; the database refuses a negative balance besides. Every change is an entry in `balance_entries`.
 */
export const balanceAccounts = pgTable(
  'balance_accounts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: BALANCE_KINDS }).notNull(),
    /** Store credit: its owner. A gift card: the account that bought it, or null when an admin issued it. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A gift card's code, as the SHA-256 of its normalised form: the code itself is never stored. */
    codeHash: text('code_hash'),
    /** The only part of the code shown again (on the balance page, the order, the back office). */
    codeLastFour: text('code_last_four'),
    balancePaise: integer('balance_paise').notNull().default(0),
    /** What the card was issued for (0 for store credit, which is granted entry by entry). */
    initialPaise: integer('initial_paise').notNull().default(0),
    status: text('status', { enum: ['active', 'void'] }).notNull().default('active'),
    /** A gift card cannot be spent from this moment; null for store credit, which does not expire. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Who the card is for, as the buyer or the admin typed it; its e-mail is sent to this address. */
    recipientName: text('recipient_name'),
    recipientEmail: text('recipient_email'),
    /** The admin who issued the card by hand, for the audit trail (purchased cards name their order instead). */
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    /** When the reminder of its expiry was queued, so it is sent once. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('balance_accounts_code_unique').on(table.codeHash),
    // One store-credit account per customer.
    uniqueIndex('balance_accounts_store_credit_unique').on(table.userId).where(sql`${table.kind} = 'store-credit'`),
    index('balance_accounts_user_idx').on(table.userId),
    // The reminder job reads cards with money left by their expiry.
    index('balance_accounts_expiry_idx').on(table.expiresAt).where(sql`${table.kind} = 'gift-card' and ${table.status} = 'active' and ${table.balancePaise} > 0`),
    check('balance_accounts_never_negative', sql`${table.balancePaise} >= 0`),
    check('balance_accounts_gift_card_has_code', sql`${table.kind} <> 'gift-card' or (${table.codeHash} is not null and ${table.codeLastFour} is not null and ${table.expiresAt} is not null)`),
    check('balance_accounts_store_credit_has_owner', sql`${table.kind} <> 'store-credit' or ${table.userId} is not null`),
  ],
);

/**
 * The ledger: every change of a balance, with the balance it left, and what made it (a checkout, an order, an
 * admin with a reason). A balance is always the sum of its entries.
 */
export const balanceEntries = pgTable(
  'balance_entries',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => balanceAccounts.id, { onDelete: 'cascade' }),
    /** Positive: money put on the balance; negative: money taken off it. */
    amountPaise: integer('amount_paise').notNull(),
    balanceAfterPaise: integer('balance_after_paise').notNull(),
    reason: text('reason', { enum: BALANCE_ENTRY_REASONS }).notNull(),
    checkoutId: uuid('checkout_id'),
    orderId: uuid('order_id'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('balance_entries_account_idx').on(table.accountId, table.createdAt),
    // An order's page reads what its refunds put onto balances (the store credit a customer chose among them).
    index('balance_entries_order_refund_idx').on(table.orderId).where(sql`${table.reason} = 'refund'`),
    check('balance_entries_moves', sql`${table.amountPaise} <> 0 and ${table.balanceAfterPaise} >= 0`),
  ],
);

/**
 * What a checkout pays with balances, one row per balance: 'taken' from its opening (the money is off the
 * balance) until a release puts it back ('released'); a taken tender of a paid checkout is its order's.
 * `refundedPaise` is what refunds have put back on the balance since.
 */
export const balanceTenders = pgTable(
  'balance_tenders',
  {
    id: serial('id').primaryKey(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => balanceAccounts.id, { onDelete: 'cascade' }),
    /** The order the shopper gave them in, which is the order they are used and refunded in. */
    position: integer('position').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    state: text('state', { enum: ['taken', 'released'] }).notNull().default('taken'),
    refundedPaise: integer('refunded_paise').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('balance_tenders_checkout_account_unique').on(table.checkoutId, table.accountId),
    index('balance_tenders_order_idx').on(table.orderId),
    index('balance_tenders_account_idx').on(table.accountId),
    check('balance_tenders_amount', sql`${table.amountPaise} > 0 and ${table.refundedPaise} >= 0 and ${table.refundedPaise} <= ${table.amountPaise}`),
  ],
);
