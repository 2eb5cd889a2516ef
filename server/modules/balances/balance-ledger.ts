import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Transaction } from '../../jobs/sql-executor.ts';
import { balanceAccounts, balanceEntries, type BALANCE_ENTRY_REASONS } from '../../db/schema/index.ts';

export type EntryReason = (typeof BALANCE_ENTRY_REASONS)[number];

/** What a movement of money is for: the checkout or order behind it, the admin who made it and their reason. */
export interface EntryRefs {
  checkoutId?: string | null;
  orderId?: string | null;
  actorId?: string | null;
  note?: string | null;
}

/**
 * How a gift card's code is stored and looked up: the SHA-256 of its normalised form. A code carries 80 random bits
 * (domain/balances.ts), so the hash cannot be reversed by trying codes, and no salt is needed to look one up.
 */
export function giftCardCodeHash(code: string): string {
  return createHash('sha256').update(`deosil-gift-card:${code}`).digest('hex');
}

/**
 * Takes `amountPaise` off a balance that is active, unexpired and holds at least that much, in one conditional
 * update: the row's lock makes two checkouts after the same rupees queue, and the second finds them gone. Writes the
 * ledger entry. Returns the balance left, or null when the balance could not pay it (nothing is written then).
 */
export async function takeFromBalance(tx: Transaction, accountId: number, amountPaise: number, reason: EntryReason, refs: EntryRefs, now: Date): Promise<number | null> {
  const [row] = await tx
    .update(balanceAccounts)
    .set({ balancePaise: sql`${balanceAccounts.balancePaise} - ${amountPaise}`, updatedAt: now })
    .where(
      and(
        eq(balanceAccounts.id, accountId),
        eq(balanceAccounts.status, 'active'),
        sql`${balanceAccounts.balancePaise} >= ${amountPaise}`,
        or(isNull(balanceAccounts.expiresAt), gt(balanceAccounts.expiresAt, now)),
      ),
    )
    .returning({ balancePaise: balanceAccounts.balancePaise });
  if (!row) return null;
  await tx.insert(balanceEntries).values({ accountId, amountPaise: -amountPaise, balanceAfterPaise: row.balancePaise, reason, ...refs, createdAt: now });
  return row.balancePaise;
}

/** Puts `amountPaise` back on (or onto) a balance, with its ledger entry; returns the balance now. */
export async function addToBalance(tx: Transaction, accountId: number, amountPaise: number, reason: EntryReason, refs: EntryRefs, now: Date): Promise<number> {
  const [row] = await tx
    .update(balanceAccounts)
    .set({ balancePaise: sql`${balanceAccounts.balancePaise} + ${amountPaise}`, updatedAt: now })
    .where(eq(balanceAccounts.id, accountId))
    .returning({ balancePaise: balanceAccounts.balancePaise });
  if (!row) throw new Error(`No balance ${accountId}`);
  await tx.insert(balanceEntries).values({ accountId, amountPaise, balanceAfterPaise: row.balancePaise, reason, ...refs, createdAt: now });
  return row.balancePaise;
}
