import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailMessages } from '../../db/schema/index.ts';
import { isMailingList } from '../../../domain/mailing-lists.ts';
import { hasUnsubscribed } from './mailing-lists.ts';
import type { MailAttachmentRef } from '../../db/schema/index.ts';
import { RetryLater } from '../outbox/message-outbox.ts';
import type { MailAttachment, MailTransport } from './mail-transport.ts';
import type { RenderedEmail } from './render-email.ts';
import { renderOnDemand } from './render-on-demand.ts';
import type { EmailTemplate } from './templates/email-template.ts';
import { RenderThreadLost, type RenderFunction } from './render-pool.ts';
import type { RenderContext } from './templates/email-template.ts';

type MessageRow = typeof emailMessages.$inferSelect;

export interface MailSenderSettings {
  from: string;
  /** Reply-To of every message (SHOP_INBOX_EMAIL, else the sender): a reply reaches someone who reads it. */
  replyTo: string;
  /** Attempts before a message is dead: the mail queue's retry limit plus the first attempt. */
  maxAttempts: number;
  /** How long one attempt may hold a message before another may presume it lost. */
  leaseSeconds: number;
  /** Makes the documents a message carries (an invoice PDF) from their references, when it is sent. */
  attachments?: (refs: readonly MailAttachmentRef[]) => Promise<MailAttachment[]>;
}

/**
 * Delivers one outbox message per job. The row decides, not the job: an attempt first claims the row
 * (queued or failed, or sending under an expired lease), so a job run twice, or two workers at once, send one
 * e-mail; a message already sent, kept or dead is left alone.
 *
 * What remains is the moment between the SMTP server's acceptance and the row's update: a process that dies
 * exactly there sends the message again on retry, with the same Message-ID, which receivers use to drop
 * the repeat (docs/decisions/0020).
 */
export class MailSender {
  constructor(
    private readonly db: Database,
    private readonly transport: MailTransport | null,
    private readonly context: RenderContext,
    private readonly settings: MailSenderSettings,
    /** Where templates are rendered: in this thread, or a RenderPool's threads. */
    private readonly render: RenderFunction = renderOnDemand,
  ) {}

  async deliver(id: string): Promise<void> {
    const row = await this.claim(id);
    if (!row) return;
    // A list's message waits (a review request, a week): its reader may have left the list meanwhile.
    if (row.list && isMailingList(row.list) && (await hasUnsubscribed(this.db, row.list, row.toAddress))) {
      await this.finish(row, { status: 'unsubscribed', lastError: null });
      return;
    }

    let rendered: RenderedEmail;
    try {
      rendered = row.html !== null && row.text !== null && row.subject !== null ? { subject: row.subject, html: row.html, text: row.text } : await this.render(row.template, row.data, { ...this.context, unsubscribeUrl: row.unsubscribeUrl ?? undefined });
    } catch (error) {
      if (error instanceof RenderThreadLost) {
        await this.finish(row, { status: 'failed', lastError: `Attempt ${row.attempts}: ${error.message}` });
        throw new RetryLater(error.message);
      }
      // Rendering again will not help: the message is dead at once and the other messages go on.
      await this.finish(row, { status: 'dead', lastError: `The template ${row.template} failed: ${messageOf(error)}` });
      return;
    }
    if (!this.transport) {
      await this.finish(row, { status: 'kept', ...rendered, lastError: null });
      return;
    }

    try {
      const headers: Record<string, string> = {};
      if (row.unsubscribeUrl) {
        headers['List-Unsubscribe'] = `<${row.unsubscribeUrl}>`;
        headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
      }
      // Made at send time from what the database holds then: the invoice exists once the paying transaction committed.
      const attachments = row.attachments.length && this.settings.attachments ? await this.settings.attachments(row.attachments) : [];
      const replyTo = await this.replyToOf(row);
      const { response } = await this.transport.send({ from: this.settings.from, to: row.toAddress, replyTo, messageId: row.messageId, headers, attachments, ...rendered });
      await this.finish(row, { status: 'sent', ...rendered, lastError: null, smtpResponse: response.slice(0, 500), sentAt: new Date() });
    } catch (error) {
      const dead = row.attempts >= this.settings.maxAttempts;
      await this.finish(row, { status: dead ? 'dead' : 'failed', ...rendered, lastError: `Attempt ${row.attempts}: ${messageOf(error)}` });
      if (!dead) throw new RetryLater(messageOf(error));
    }
  }

  /** The template's own Reply-To for this message (the person behind a contact message), else the shop's inbox. */
  private async replyToOf(row: MessageRow): Promise<string> {
    // The templates (React and the e-mail components) load here, not with the process: see render-on-demand.ts.
    const { EMAIL_TEMPLATES, isTemplateName } = await import('./template-registry.ts');
    const template = isTemplateName(row.template) ? (EMAIL_TEMPLATES[row.template] as EmailTemplate<unknown>) : undefined;
    return template?.replyTo?.(row.data) ?? this.settings.replyTo;
  }

  /**
   * Takes the message for this attempt, or returns null when there is nothing (more) to send. A message another
   * attempt holds (one whose worker was stopped mid-send) is waited for until that attempt's lease runs out.
   */
  private async claim(id: string): Promise<MessageRow | null> {
    const first = await this.tryClaim(id);
    if (first !== 'held') return first;
    const [held] = await this.db.select({ leaseUntil: emailMessages.leaseUntil }).from(emailMessages).where(eq(emailMessages.id, id));
    const wait = Math.min(Math.max((held?.leaseUntil?.getTime() ?? 0) - Date.now(), 0) + 250, this.settings.leaseSeconds * 1000);
    await new Promise((resolve) => setTimeout(resolve, wait));
    const second = await this.tryClaim(id);
    if (second === 'held') throw new RetryLater('Another attempt is still sending this message');
    return second;
  }

  private async tryClaim(id: string): Promise<MessageRow | null | 'held'> {
    const [claimed] = await this.db
      .update(emailMessages)
      .set({
        status: 'sending',
        attempts: sql`${emailMessages.attempts} + 1`,
        leaseUntil: sql`now() + make_interval(secs => ${this.settings.leaseSeconds})`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(emailMessages.id, id),
          or(inArray(emailMessages.status, ['queued', 'failed']), and(eq(emailMessages.status, 'sending'), lt(emailMessages.leaseUntil, sql`now()`))),
        ),
      )
      .returning();
    if (claimed) return claimed;
    const [current] = await this.db.select({ status: emailMessages.status }).from(emailMessages).where(eq(emailMessages.id, id));
    return current?.status === 'sending' ? 'held' : null;
  }

  /**
   * Records the attempt's outcome, only while the row is still this attempt's: an attempt that outlived its
   * lease (another attempt has taken over) must not overwrite what the newer one recorded.
   */
  private async finish(claimed: MessageRow, changes: Partial<MessageRow>): Promise<void> {
    await this.db
      .update(emailMessages)
      .set({ ...changes, ...(changes.lastError ? { lastError: changes.lastError.slice(0, 1000) } : {}), leaseUntil: null, updatedAt: sql`now()` })
      .where(and(eq(emailMessages.id, claimed.id), eq(emailMessages.status, 'sending'), eq(emailMessages.attempts, claimed.attempts)));
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
