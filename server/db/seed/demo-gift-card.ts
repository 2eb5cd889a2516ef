import { and, eq } from 'drizzle-orm';
import { giftCardExpiry, lastFourOf, normaliseGiftCardCode } from '../../../domain/balances.ts';
import { formatPaise } from '../../../domain/money.ts';
import { addToBalance, giftCardCodeHash, takeFromBalance } from '../../modules/balances/balance-ledger.ts';
import type { Database } from '../client.ts';
import { balanceAccounts } from '../schema/index.ts';

/**
 * The demo shop's gift card, so a newcomer can pay with one without an admin issuing it: its code is printed by the
 * start and in the README, which is why it exists only in demo mode. Every symbol is from the code alphabet.
 */
export const DEMO_GIFT_CARD = { code: 'MAGE-SPEL-CARD-2345', amountPaise: 2_000_00 } as const;

const NOTE = 'The demo shop’s gift card (its code is printed at start)';

/** The line the start prints about it. */
export function demoGiftCardLine(): string {
  return `Demo gift card: type ${DEMO_GIFT_CARD.code} on the checkout's Payment step (${formatPaise(DEMO_GIFT_CARD.amountPaise)} when new)`;
}

/**
 * Runs at start. In demo mode the demo card exists (made once, with its 'issued' ledger entry; what visitors spend
 * of it stays spent). Out of demo mode a demo card left from before is voided, its balance taken off with a ledger
 * entry: a code anyone can read must not pay in a real shop. Answers whether the demo card can pay now.
 */
export async function ensureDemoGiftCard(db: Database, options: { demoMode: boolean; validityMonths: number; now: Date }): Promise<boolean> {
  const code = normaliseGiftCardCode(DEMO_GIFT_CARD.code)!;
  const codeHash = giftCardCodeHash(code);
  const { now } = options;
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(balanceAccounts)
      .where(and(eq(balanceAccounts.kind, 'gift-card'), eq(balanceAccounts.codeHash, codeHash)))
      .for('update');
    if (!options.demoMode) {
      if (existing?.status === 'active') {
        // takeFromBalance refuses an expired card's money; such a card pays nothing anyway and is voided all the same.
        if (existing.balancePaise > 0) await takeFromBalance(tx, existing.id, existing.balancePaise, 'voided', { note: 'Demo mode ended' }, now);
        await tx.update(balanceAccounts).set({ status: 'void', updatedAt: now }).where(eq(balanceAccounts.id, existing.id));
      }
      return false;
    }
    if (existing) return existing.status === 'active' && existing.balancePaise > 0 && existing.expiresAt! > now;
    const [made] = await tx
      .insert(balanceAccounts)
      .values({
        kind: 'gift-card',
        codeHash,
        codeLastFour: lastFourOf(code),
        initialPaise: DEMO_GIFT_CARD.amountPaise,
        expiresAt: giftCardExpiry(now, options.validityMonths),
        recipientName: 'Demo visitor',
        note: NOTE,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: balanceAccounts.id });
    await addToBalance(tx, made!.id, DEMO_GIFT_CARD.amountPaise, 'issued', { note: NOTE }, now);
    return true;
  });
}
