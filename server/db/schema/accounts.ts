import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export interface StoredPreferences {
  newsletter: boolean;
  smsNotifications: boolean;
  orderUpdates: boolean;
  favoriteScents: string[];
  intensityPreference: string;
  budgetRange: string;
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored trimmed and lower-cased, so one address is one account. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['customer', 'admin'] }).notNull().default('customer'),
    status: text('status', { enum: ['active', 'inactive', 'banned'] }).notNull().default('active'),
    mysticLevel: text('mystic_level').notNull().default('Apprentice'),
    birthSign: text('birth_sign'),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    favoriteIngredient: text('favorite_ingredient').notNull().default(''),
    preferences: jsonb('preferences')
      .$type<StoredPreferences>()
      .notNull()
      .default({ newsletter: false, smsNotifications: false, orderUpdates: true, favoriteScents: [], intensityPreference: '', budgetRange: '' }),
    /** The demo admin of a demo shop; switched off when the shop leaves demo mode. */
    isDemo: boolean('is_demo').notNull().default(false),
    /** When the owner of `email` followed a verification link sent to it; null until then and after a change. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * The mobile number ('+919876543210') whose holder typed the code the shop texted to it: the account signs in
     * with it, and cash on delivery trusts it. Null until a texted code proves one; unique, one number one account.
     */
    verifiedPhone: text('verified_phone'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * When the account was erased (DPDP Act 2023 s.12(3)): its personal data is gone, the row stays only because
     * kept tax invoices' orders point at it, and it can never sign in again.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    uniqueIndex('users_verified_phone_unique').on(table.verifiedPhone),
    check('users_email_normalised', sql`${table.email} = lower(btrim(${table.email}))`),
    check('users_role_known', sql`${table.role} in ('customer', 'admin')`),
    check('users_status_known', sql`${table.status} in ('active', 'inactive', 'banned')`),
  ],
);

/** Only the SHA-256 of a session token is kept: a leaked table opens no account. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/**
 * Fixed-window counters of attempts (sign-ins per account or address, registrations per address, coupon checks
 * per address), kept in the database so every server process counts against one limit. One row per key, moved
 * by a single atomic upsert, so parallel attempts can never all read the same old count.
 */
export const rateCounters = pgTable('rate_counters', {
  /** 'login:account:<e-mail>', 'login:address:<ip>', 'register:<ip>', … */
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

/**
 * Links sent by e-mail that prove their holder reads an address: password resets and e-mail verifications.
 * Only the SHA-256 of the token is kept, so a leaked table opens nothing; each works once, until `expiresAt`.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['password-reset', 'email-verification'] }).notNull(),
    /** The address the link went to: a verification counts only while the account still has this address. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    // The hourly cap counts the links sent to one address for one purpose.
    index('account_tokens_email_purpose_time_idx').on(table.email, table.purpose, table.createdAt),
    index('account_tokens_user_idx').on(table.userId),
    check('account_tokens_purpose_known', sql`${table.purpose} in ('password-reset', 'email-verification')`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['order', 'product', 'review', 'user', 'system', 'error'] }).notNull(),
    priority: text('priority', { enum: ['high', 'medium', 'low'] }).notNull().default('medium'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    actionUrl: text('action_url'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('notifications_user_time_idx').on(table.userId, table.createdAt)],
);

/** Every admin write leaves a line here: who did what to which record. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The acting staff member's role at the time ('owner', 'support', …); kept when the role changes later. */
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_target_idx').on(table.targetType, table.targetId, table.createdAt),
    // The audit screen lists newest first, all of it or one admin's writes, a page at a time.
    index('audit_log_created_idx').on(table.createdAt, table.id),
    index('audit_log_actor_idx').on(table.actorId, table.createdAt),
  ],
);
