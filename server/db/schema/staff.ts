import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * The back office's people (docs/decisions/0062). An account with `users.role = 'admin'` is staff; this row says
 * which role it holds. An admin account without a row (one made before roles existed) is an owner.
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A built-in role's key ('owner', 'manager', 'fulfilment', 'support', 'accountant') or a `staff_roles` key. */
    role: text('role').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('staff_members_role_idx').on(table.role)],
);

/** Roles the owner made from the permission list; the built-in ones live in domain/staff-roles.ts. */
export const staffRoles = pgTable('staff_roles', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  permissions: text('permissions').array().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The back office's own rules, one row (id 1); a null column is its default. */
export const staffSettings = pgTable(
  'staff_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** Every staff member must sign in with a second factor; null: on unless the shop is a demo. */
    requireTwoFactor: boolean('require_two_factor'),
    /** The largest refund a role without refunds.unlimited may make, in paise; null: the default. */
    supportRefundLimitPaise: bigint('support_refund_limit_paise', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('staff_settings_one_row', sql`${table.id} = 1`)],
);

/**
 * A single-use link that lets someone become staff: it sets their password and enrols their second factor. Only
 * the SHA-256 of the token is kept; it works once, until `expiresAt` (72 hours).
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** A newer invitation to the same address, or the owner, withdrew this one. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('staff_invitations_email_idx').on(table.email, table.createdAt)],
);

/**
 * An account's TOTP secret (RFC 6238), staff or customer. Pending until a code from the authenticator confirms
 * it; `lastStep` is the 30-second step of the last code accepted, so a code is good once within its window.
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base32, as the authenticator app holds it. */
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Ten single-use recovery codes per enrolment, only their SHA-256 kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.codeHash] })],
);

/**
 * The step between a correct password and a session when the account has (or must enrol) a second factor:
 * a short-lived token that proves the password, good for a code (`second-factor`) or an enrolment (`enrol`).
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['second-factor', 'enrol'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('two_factor_challenges_user_idx').on(table.userId), check('two_factor_challenges_purpose_known', sql`${table.purpose} in ('second-factor', 'enrol')`)],
);
