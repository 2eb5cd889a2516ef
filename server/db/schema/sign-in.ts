import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const SIGN_IN_CHANNELS = ['sms', 'email'] as const;

/**
 * Sign-in without a password: a 6-digit code texted to a mobile number, or a link e-mailed to an address. One row
 * per code or link sent; it is tied to where it went, not to an account, so asking for one tells nothing about
 * whether an account exists (the account is made when the code or link is used for the first time).
 *
 * Only a keyed hash is kept: HMAC-SHA256 of the row id and the code under a secret kept in shop_secrets (a
 * million possible codes would fall to a plain hash in a second), SHA-256 of a link's 256-bit token.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: SIGN_IN_CHANNELS }).notNull(),
    /** '+919876543210' for a code, the normalised e-mail address for a link. */
    destination: text('destination').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** The shop page the shopper asked from, where a link brings them back to. */
    returnTo: text('return_to').notNull().default('/'),
    /** Wrong codes typed against this one; at the limit it is spent and a new code is needed. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Used to sign in, worn out by wrong tries, or replaced by a newer code: never good again. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    // The latest live code for a number is what a typed code is checked against.
    index('sign_in_challenges_destination_idx').on(table.channel, table.destination, table.createdAt),
    index('sign_in_challenges_secret_idx').on(table.secretHash),
    check('sign_in_challenges_channel_known', sql`${table.channel} in ('sms', 'email')`),
  ],
);
