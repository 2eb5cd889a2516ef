import { mailboxKey } from '../../../domain/mailbox.ts';
import type { Database } from '../../db/client.ts';
import { RateCounter } from '../../http/rate-counter.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';

export const RECIPIENT_WINDOW_MS = 24 * 3600_000;

/**
 * How many e-mails a day the shop sends to one mailbox because a visitor typed its address into a form: a
 * contact acknowledgement, a newsletter confirmation, a restock notice, a verification or reset link. Without
 * it, anyone could make the shop mail a stranger as often as the forms' per-network limits allow. Counted in
 * the database, so every process shares the count, and by mailbox (domain/mailbox.ts), so `+tags` and Gmail's
 * dots do not multiply it.
 */
export class RecipientAllowance {
  constructor(
    private readonly counter: RateCounter,
    private readonly perDay: number,
  ) {}

  /** Counts one message to `address` in the caller's transaction; false once the mailbox has had its share today. */
  async take(tx: Transaction, address: string): Promise<boolean> {
    const hit = await this.counter.hit(`mail-recipient:${mailboxKey(address)}`, { max: this.perDay, windowMs: RECIPIENT_WINDOW_MS }, tx);
    return hit.allowed;
  }
}

export function recipientAllowanceOf(db: Database, config: { mail: { typedAddressDailyLimit: number } }): RecipientAllowance {
  return new RecipientAllowance(new RateCounter(db), config.mail.typedAddressDailyLimit);
}
