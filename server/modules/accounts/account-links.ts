import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { judgeLink, LINK_LIFETIME_MS, LINK_WINDOW_MS, linkMessages, LINKS_PER_ADDRESS_PER_HOUR, type AccountLinkPurpose } from '../../../domain/account-links.ts';
import { fieldRefusal } from '../../../domain/refusal.ts';
import type { Database } from '../../db/client.ts';
import { accountTokens } from '../../db/schema/index.ts';
import { newSessionToken, tokenHash } from './credentials.ts';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface IssuedLink {
  token: string;
  tokenHash: string;
  expiresAt: Date;
}

export type LinkRow = typeof accountTokens.$inferSelect;

const refusal = (purpose: AccountLinkPurpose, verdict: keyof (typeof linkMessages)[AccountLinkPurpose]) => fieldRefusal('invalid', 'token', linkMessages[purpose][verdict]);

/**
 * Issues a link for an address, unless this address already had its hourly share of links for this purpose
 * (then null). The count and the insert happen under a transaction-scoped advisory lock on the address and
 * purpose, so parallel requests queue and the sixth of a burst finds five, on PostgreSQL and PGlite alike.
 */
export async function issueLink(
  tx: Transaction,
  input: { userId: string; email: string; purpose: AccountLinkPurpose },
  now: Date,
): Promise<IssuedLink | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`account-link:${input.purpose}:${input.email}`}, 0))`);
  const [sent] = await tx
    .select({ n: count() })
    .from(accountTokens)
    .where(
      and(eq(accountTokens.email, input.email), eq(accountTokens.purpose, input.purpose), gt(accountTokens.createdAt, new Date(now.getTime() - LINK_WINDOW_MS))),
    );
  if ((sent?.n ?? 0) >= LINKS_PER_ADDRESS_PER_HOUR) return null;
  const token = newSessionToken();
  const hash = tokenHash(token);
  const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS[input.purpose]);
  await tx.insert(accountTokens).values({ tokenHash: hash, userId: input.userId, purpose: input.purpose, email: input.email, createdAt: now, expiresAt });
  return { token, tokenHash: hash, expiresAt };
}

/**
 * Spends a link: the row is locked, judged against `now` and marked used in the caller's transaction, so two
 * clicks racing on one link see one success. An unknown token (altered, or never ours) and a used or expired
 * one are each refused with their own 400 naming `token`.
 */
export async function spendLink(tx: Transaction, token: string, purpose: AccountLinkPurpose, now: Date): Promise<LinkRow> {
  const [row] = await tx
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, tokenHash(token)), eq(accountTokens.purpose, purpose)))
    .for('update');
  if (!row) throw refusal(purpose, 'invalid');
  const verdict = judgeLink(row, now);
  if (verdict !== 'valid') throw refusal(purpose, verdict);
  await tx.update(accountTokens).set({ usedAt: now }).where(eq(accountTokens.tokenHash, row.tokenHash));
  return row;
}

/** Voids every outstanding link of one purpose for an account: a new password makes older reset links worthless. */
export async function voidLinks(tx: Transaction, userId: string, purpose: AccountLinkPurpose, now: Date): Promise<void> {
  await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}

/** The link's row as a refusal would judge it, without spending it (an already verified address re-clicking). */
export async function findLink(db: Database | Transaction, token: string, purpose: AccountLinkPurpose): Promise<LinkRow | null> {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, tokenHash(token)), eq(accountTokens.purpose, purpose)));
  return row ?? null;
}
