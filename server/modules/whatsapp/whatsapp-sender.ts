import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { whatsappMessages } from '../../db/schema/index.ts';
import { RetryLater } from '../mail/mail-sender.ts';
import { WhatsAppApiError, type WhatsAppProvider } from './cloud-api-client.ts';
import type { WhatsAppOutbox } from './whatsapp-outbox.ts';
import { whatsappTemplate } from './templates/index.ts';

type MessageRow = typeof whatsappMessages.$inferSelect;

export interface WhatsAppSenderSettings {
  /** Attempts before a message is dead: the queue's retry limit plus the first attempt. */
  maxAttempts: number;
  /** How long one attempt may hold a message before another may presume it lost. */
  leaseSeconds: number;
  /**
   * How long a message whose request went unanswered waits for a status webhook naming it before it is sent
   * again (WHATSAPP_STATUS_WAIT_SECONDS).
   */
  statusWaitSeconds: number;
}

/**
 * Delivers one outbox message per job, as the SMS sender does: an attempt first claims the row (queued or failed,
 * or sending under an expired lease) in one UPDATE, so a job run twice or two workers at once send one message,
 * and a message already sent (or further) or dead is left alone. A 429 or 5xx from Meta puts the row back to
 * 'failed' and the job is retried with the queue's backoff; the same row, so the same message, goes once it is
 * accepted. A refusal no retry mends (a bad number, a template Meta does not know) makes it dead at once.
 *
 * Meta's API takes no idempotency key, so a request that went out and was never answered (a timeout, a dropped
 * connection) is not sent again at once: Meta may have taken it. The row waits as 'unconfirmed' for the grace
 * window; the outbox row's id travels as the message's `biz_opaque_callback_data`, which Meta echoes in every
 * status webhook, so a 'sent' (or later) status naming it proves Meta has it (whatsapp-webhook.ts records it and
 * this row is done). Only when the window passes without one is it sent again (docs/decisions/0072).
 */
export class WhatsAppSender {
  constructor(
    private readonly db: Database,
    private readonly provider: WhatsAppProvider,
    private readonly outbox: Pick<WhatsAppOutbox, 'recheckLater'>,
    private readonly settings: WhatsAppSenderSettings,
  ) {}

  async deliver(id: string): Promise<void> {
    const row = await this.claim(id);
    if (!row) return;
    const template = whatsappTemplate(row.template);
    if (!template) {
      await this.finish(row, { status: 'dead', lastError: `Unknown template ${row.template}` });
      return;
    }
    if (row.attempts > this.settings.maxAttempts) {
      // The last attempt went unanswered and no status webhook named it within the window.
      await this.finish(row, { status: 'dead', lastError: `No word from WhatsApp after ${this.settings.maxAttempts} attempts` });
      return;
    }
    try {
      const { messageId } = await this.provider.send({ to: row.toNumber, template, variables: row.variables, reference: row.id });
      // A status webhook may outrun this update (it finds the row by its id): what it recorded decides the status.
      const reached = sql<'sent'>`case when ${whatsappMessages.readAt} is not null then 'read' when ${whatsappMessages.deliveredAt} is not null then 'delivered' else 'sent' end`;
      await this.finish(row, { status: reached, providerMessageId: messageId.slice(0, 200), lastError: null, failureKind: null, sentAt: new Date() });
    } catch (error) {
      const kind = error instanceof WhatsAppApiError ? error.kind : 'retry';
      const message = error instanceof Error ? error.message : String(error);
      if (kind === 'unanswered') {
        await this.awaitWord(row, `Attempt ${row.attempts}: ${message}`);
        return;
      }
      const dead = kind === 'refused' || row.attempts >= this.settings.maxAttempts;
      await this.finish(row, { status: dead ? 'dead' : 'failed', lastError: `Attempt ${row.attempts}: ${message}`, failureKind: kind });
      if (!dead) throw new RetryLater(message);
    }
  }

  /**
   * Parks an unanswered message as 'unconfirmed' until the grace window ends (kept in lease_until) and queues its
   * re-check for then, in one transaction. A status webhook that already named it (it moved the row on) wins:
   * nothing is parked and nothing queued.
   */
  private async awaitWord(claimed: MessageRow, lastError: string): Promise<void> {
    const grace = this.settings.statusWaitSeconds;
    await this.db.transaction(async (tx) => {
      const parked = await tx
        .update(whatsappMessages)
        .set({ status: 'unconfirmed', lastError: lastError.slice(0, 1000), failureKind: 'unanswered', leaseUntil: sql`now() + make_interval(secs => ${grace})`, updatedAt: sql`now()` })
        .where(and(eq(whatsappMessages.id, claimed.id), eq(whatsappMessages.status, 'sending'), eq(whatsappMessages.attempts, claimed.attempts)))
        .returning({ id: whatsappMessages.id });
      // A second past the window, so the re-check finds it over (one that comes early is retried: see claim).
      if (parked.length) await this.outbox.recheckLater(tx, claimed.id, new Date(Date.now() + (grace + 1) * 1000));
    });
  }

  private async claim(id: string): Promise<MessageRow | null> {
    const [claimed] = await this.db
      .update(whatsappMessages)
      .set({ status: 'sending', attempts: sql`${whatsappMessages.attempts} + 1`, leaseUntil: sql`now() + make_interval(secs => ${this.settings.leaseSeconds})`, updatedAt: sql`now()` })
      .where(
        and(
          eq(whatsappMessages.id, id),
          or(inArray(whatsappMessages.status, ['queued', 'failed']), and(inArray(whatsappMessages.status, ['sending', 'unconfirmed']), lt(whatsappMessages.leaseUntil, sql`now()`))),
        ),
      )
      .returning();
    if (claimed) return claimed;
    const [current] = await this.db.select({ status: whatsappMessages.status }).from(whatsappMessages).where(eq(whatsappMessages.id, id));
    if (current?.status === 'sending') throw new RetryLater('Another attempt is still sending this message');
    if (current?.status === 'unconfirmed') throw new RetryLater('Still waiting for a status webhook naming this message');
    return null;
  }

  /** Records the outcome only while the row is still this attempt's (a newer attempt may have taken over). */
  private async finish(claimed: MessageRow, changes: Partial<Omit<MessageRow, 'status'>> & { status: MessageRow['status'] | ReturnType<typeof sql<'sent'>> }): Promise<void> {
    await this.db
      .update(whatsappMessages)
      .set({ ...changes, ...(changes.lastError ? { lastError: changes.lastError.slice(0, 1000) } : {}), leaseUntil: null, updatedAt: sql`now()` })
      .where(and(eq(whatsappMessages.id, claimed.id), eq(whatsappMessages.status, 'sending'), eq(whatsappMessages.attempts, claimed.attempts)));
  }
}
