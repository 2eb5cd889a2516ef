import { sql } from 'drizzle-orm';
import { attemptError } from '../../../domain/message-attempts.ts';
import type { Database } from '../../db/client.ts';
import { whatsappMessages } from '../../db/schema/index.ts';
import { MessageAttempts, reasonOf, type AttemptSettings, type OutboxRow } from '../outbox/message-outbox.ts';
import { WhatsAppApiError, type WhatsAppProvider } from './cloud-api-client.ts';
import type { WhatsAppOutbox } from './whatsapp-outbox.ts';
import { whatsappTemplate } from './templates/index.ts';

type MessageRow = OutboxRow<typeof whatsappMessages>;

export interface WhatsAppSenderSettings extends AttemptSettings {
  /**
   * How long a message whose request went unanswered waits for a status webhook naming it before it is sent
   * again (WHATSAPP_STATUS_WAIT_SECONDS).
   */
  statusWaitSeconds: number;
}

/**
 * Delivers one outbox message per job, as the SMS sender does: an attempt first claims the row (message-outbox.ts),
 * so a job run twice or two workers at once send one message, and a message already sent (or further) or dead is
 * left alone. A 429 or 5xx from Meta puts the row back to 'failed' and the job is retried with the queue's backoff;
 * the same row, so the same message, goes once it is accepted. A refusal no retry mends (a bad number, a template
 * Meta does not know) makes it dead at once.
 *
 * Meta's API takes no idempotency key, so a request that went out and was never answered (a timeout, a dropped
 * connection) is not sent again at once: Meta may have taken it. The row waits as 'unconfirmed' for the grace
 * window; the outbox row's id travels as the message's `biz_opaque_callback_data`, which Meta echoes in every
 * status webhook, so a 'sent' (or later) status naming it proves Meta has it (whatsapp-webhook.ts records it and
 * this row is done). Only when the window passes without one is it sent again (docs/decisions/0072).
 */
export class WhatsAppSender {
  private readonly attempts: MessageAttempts<typeof whatsappMessages>;

  constructor(
    private readonly db: Database,
    private readonly provider: WhatsAppProvider,
    private readonly outbox: Pick<WhatsAppOutbox, 'recheckLater'>,
    private readonly settings: WhatsAppSenderSettings,
  ) {
    this.attempts = new MessageAttempts(db, whatsappMessages, settings, {
      sending: 'Another attempt is still sending this message',
      // An unanswered message is held until its grace window (its lease) ends, unless a status webhook names it.
      unconfirmed: 'Still waiting for a status webhook naming this message',
    });
  }

  async deliver(id: string): Promise<void> {
    const row = await this.attempts.claim(id);
    if (!row) return;
    const template = whatsappTemplate(row.template);
    if (!template) {
      await this.attempts.finish(row, { status: 'dead', lastError: `Unknown template ${row.template}` });
      return;
    }
    if (row.attempts > this.settings.maxAttempts) {
      // The last attempt went unanswered and no status webhook named it within the window.
      await this.attempts.finish(row, { status: 'dead', lastError: `No word from WhatsApp after ${this.settings.maxAttempts} attempts` });
      return;
    }
    try {
      const { messageId } = await this.provider.send({ to: row.toNumber, template, variables: row.variables, reference: row.id });
      // A status webhook may outrun this update (it finds the row by its id): what it recorded decides the status.
      const reached = sql<'sent'>`case when ${whatsappMessages.readAt} is not null then 'read' when ${whatsappMessages.deliveredAt} is not null then 'delivered' else 'sent' end`;
      await this.attempts.finish(row, { status: reached, providerMessageId: messageId.slice(0, 200), lastError: null, failureKind: null, sentAt: new Date() });
    } catch (error) {
      const kind = error instanceof WhatsAppApiError ? error.kind : 'retry';
      const reason = reasonOf(error);
      if (kind === 'unanswered') {
        await this.awaitWord(row, attemptError(row.attempts, reason));
        return;
      }
      await this.attempts.fail(row, reason, { refusedForGood: kind === 'refused', changes: { failureKind: kind } });
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
      const parked = await this.attempts.finish(claimed, { status: 'unconfirmed', lastError, failureKind: 'unanswered', leaseUntil: sql`now() + make_interval(secs => ${grace})` }, tx);
      // A second past the window, so the re-check finds it over (one that comes early is retried: see the claim).
      if (parked) await this.outbox.recheckLater(tx, claimed.id, new Date(Date.now() + (grace + 1) * 1000));
    });
  }
}
