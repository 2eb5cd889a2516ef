import { and, asc, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { GIFT_CARD_REMINDER_DAYS } from '../../../domain/balances.ts';
import type { Database } from '../../db/client.ts';
import { balanceAccounts } from '../../db/schema/index.ts';
import type { EmailOutbox } from '../mail/email-outbox.ts';

/** The pg-boss queue whose daily run reminds the holders of gift cards about to expire. */
export const GIFT_CARD_REMINDER_QUEUE = 'gift-card-expiry-reminder';
/** Every morning at 10, shop time. */
export const GIFT_CARD_REMINDER_CRON = '0 10 * * *';
const BATCH = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The job's work: every active gift card with money left that expires within GIFT_CARD_REMINDER_DAYS and was not
 * reminded yet gets one e-mail to its recipient, marked in the same transaction (and keyed by the card in the
 * outbox), so a card is reminded once however often the job runs. Rows another process holds are skipped for the
 * next run. Returns how many were reminded.
 */
export async function remindExpiringGiftCards(db: Database, outbox: EmailOutbox, now: Date): Promise<number> {
  let reminded = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(balanceAccounts)
        .where(
          and(
            eq(balanceAccounts.kind, 'gift-card'),
            eq(balanceAccounts.status, 'active'),
            gt(balanceAccounts.balancePaise, 0),
            isNull(balanceAccounts.reminderSentAt),
            isNotNull(balanceAccounts.recipientEmail),
            gt(balanceAccounts.expiresAt, now),
            lte(balanceAccounts.expiresAt, new Date(now.getTime() + GIFT_CARD_REMINDER_DAYS * DAY_MS)),
          ),
        )
        .orderBy(asc(balanceAccounts.expiresAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const card of due) {
        await outbox.enqueue(tx, {
          template: 'gift-card-expiring',
          to: card.recipientEmail!,
          data: { recipientName: card.recipientName ?? '', lastFour: card.codeLastFour!, balancePaise: card.balancePaise, expiresAt: card.expiresAt!.toISOString() },
          dedupeKey: `gift-card-expiring:${card.id}`,
          category: 'transactional',
        });
        await tx.update(balanceAccounts).set({ reminderSentAt: now, updatedAt: sql`${balanceAccounts.updatedAt}` }).where(eq(balanceAccounts.id, card.id));
      }
      return due.length;
    });
    reminded += batch;
    if (batch < BATCH) return reminded;
  }
}
