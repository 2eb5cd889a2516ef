import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { smsMessages } from '../../db/schema/index.ts';
import { RetryLater } from '../mail/mail-sender.ts';
import type { SmsProvider } from './sms-provider.ts';
import { blankedBody, isSmsTemplateName } from './sms-templates.ts';

type TextRow = typeof smsMessages.$inferSelect;

export interface SmsSenderSettings {
  /** Attempts before a text is dead: the queue's retry limit plus the first attempt. */
  maxAttempts: number;
  /** How long one attempt may hold a text before another may presume it lost. */
  leaseSeconds: number;
}

/**
 * Delivers one outbox text per job. The row decides, not the job: an attempt first claims the row (queued or
 * failed, or sending under an expired lease) in one UPDATE, so a job run twice or two workers at once send one
 * text, and a text already sent, kept or dead is left alone. An attempt that finds the row held by another
 * retries later rather than waiting: a sign-in code is worth little by the time a lease runs out.
 *
 * As with e-mail, a process that dies between the provider's acceptance and the row's update sends the text
 * again on retry; MSG91's API takes no idempotency key that could prevent it (docs/decisions/0058).
 */
export class SmsSender {
  constructor(
    private readonly db: Database,
    private readonly provider: SmsProvider,
    private readonly settings: SmsSenderSettings,
  ) {}

  async deliver(id: string): Promise<void> {
    const row = await this.claim(id);
    if (!row) return;
    if (!isSmsTemplateName(row.template)) {
      await this.finish(row, { status: 'dead', lastError: `Unknown template ${row.template}` });
      return;
    }
    try {
      const receipt = await this.provider.send({ to: row.toNumber, template: row.template, variables: row.variables, body: row.body });
      if (receipt.status === 'kept') {
        await this.finish(row, { status: 'kept', lastError: null });
        return;
      }
      // The code has reached the gateway; the shop's own copy of it is of use to no one from here on.
      await this.finish(row, { status: 'sent', ...blankedBody(row.template, row.variables), providerReference: receipt.reference.slice(0, 200), lastError: null, sentAt: new Date() });
    } catch (error) {
      const dead = row.attempts >= this.settings.maxAttempts;
      const message = error instanceof Error ? error.message : String(error);
      await this.finish(row, { status: dead ? 'dead' : 'failed', lastError: `Attempt ${row.attempts}: ${message}` });
      if (!dead) throw new RetryLater(message);
    }
  }

  private async claim(id: string): Promise<TextRow | null> {
    const [claimed] = await this.db
      .update(smsMessages)
      .set({ status: 'sending', attempts: sql`${smsMessages.attempts} + 1`, leaseUntil: sql`now() + make_interval(secs => ${this.settings.leaseSeconds})`, updatedAt: sql`now()` })
      .where(
        and(
          eq(smsMessages.id, id),
          or(inArray(smsMessages.status, ['queued', 'failed']), and(eq(smsMessages.status, 'sending'), lt(smsMessages.leaseUntil, sql`now()`))),
        ),
      )
      .returning();
    if (claimed) return claimed;
    const [current] = await this.db.select({ status: smsMessages.status }).from(smsMessages).where(eq(smsMessages.id, id));
    if (current?.status === 'sending') throw new RetryLater('Another attempt is still sending this text');
    return null;
  }

  /** Records the outcome only while the row is still this attempt's (a newer attempt may have taken over). */
  private async finish(claimed: TextRow, changes: Partial<TextRow>): Promise<void> {
    await this.db
      .update(smsMessages)
      .set({ ...changes, ...(changes.lastError ? { lastError: changes.lastError.slice(0, 1000) } : {}), leaseUntil: null, updatedAt: sql`now()` })
      .where(and(eq(smsMessages.id, claimed.id), eq(smsMessages.status, 'sending'), eq(smsMessages.attempts, claimed.attempts)));
  }
}
