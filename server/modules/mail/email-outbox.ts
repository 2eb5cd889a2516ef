/**
 * The e-mail outbox: how any part of the shop sends an e-mail.
 *
 *   await db.transaction(async (tx) => {
 *     // … the business write …
 *     await outbox.enqueue(tx, {
 *       template: 'order-confirmation',          // a name from EMAIL_TEMPLATES (template-registry.ts)
 *       to: order.customerEmail,
 *       data: orderMailDataOf(order, items),      // typed by the template; stored and rendered at send time
 *       dedupeKey: `order-confirmation:${order.id}`, // one message per cause: a repeat enqueues nothing
 *       category: 'transactional',                // 'transactional' | 'security' | 'marketing'
 *       sendAfter: inSevenDays,                   // optional: a delayed message
 *       list: 'review-requests',                  // required for 'marketing': the list its reader can leave
 *       typedByVisitor: true,                     // the address came from a form: capped per mailbox and day
 *     });
 *   });
 *
 * `enqueue` writes the email_messages row and its job in the caller's transaction: a rolled-back write sends
 * nothing, a committed one is sent even if the process dies right after. `outbox` is `services.outbox`.
 * The worker renders the template, sends it over SMTP (or keeps it when SMTP_URL is unset), retries with
 * backoff and never sends a message twice (see mail-sender.ts). Every message is listed at /admin/emails.
 * A list's message carries a one-click List-Unsubscribe link (RFC 8058); it is not enqueued for an address that
 * left the list, and not sent if the address leaves while it waits.
 * A message marked `typedByVisitor` counts against its mailbox's daily allowance (recipient-allowance.ts); past
 * it the row is written as 'withheld' and never sent, so the caller answers its visitor as always and the back
 * office sees what was held back.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { isValidEmail } from '../../../domain/accounts.ts';
import { isErasedEmail } from '../../../domain/data-rights.ts';
import type { MailingList } from '../../../domain/mailing-lists.ts';
import { emailMessages, type EMAIL_CATEGORIES, type MailAttachmentRef } from '../../db/schema/index.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';
import type { OutboxJob } from '../outbox/message-outbox.ts';
import { unsubscribeKey, unsubscribedAmong, type MailingLists } from './mailing-lists.ts';
import type { RecipientAllowance } from './recipient-allowance.ts';
import type { TemplateData, TemplateName } from './template-registry.ts';

export const MAIL_QUEUE = 'mail-send';

export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];

export interface OutgoingEmail<Name extends TemplateName> {
  template: Name;
  to: string;
  data: TemplateData<Name>;
  dedupeKey: string;
  category: EmailCategory;
  sendAfter?: Date;
  /** Marketing mail only: the mailing list it goes to. */
  list?: MailingList;
  /** Documents to attach, made when the message is sent (an order's invoice, a credit note). */
  attachments?: MailAttachmentRef[];
  /**
   * The address was typed into a form by whoever asked for the message, not proven to be theirs: the message
   * counts against that mailbox's daily allowance.
   */
  typedByVisitor?: boolean;
}

/** A message's id and Message-ID, or `created: false` (and empty ids) when nothing was enqueued. */
export interface Enqueued {
  id: string;
  messageId: string;
  created: boolean;
}

const NOT_ENQUEUED: Enqueued = { id: '', messageId: '', created: false };

export class EmailOutbox {
  /** The host part of every Message-ID: the sender's domain. */
  private readonly idDomain: string;

  constructor(
    private readonly jobs: Pick<JobQueue, 'sendAllInTransaction'>,
    from: string,
    /** Signs the unsubscribe links of marketing mail; an outbox without it sends none. */
    private readonly lists?: MailingLists,
    /** Caps the messages a visitor can make the shop send to an address they typed; without it none is capped. */
    private readonly allowance?: RecipientAllowance,
  ) {
    this.idDomain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'deosil.local';
  }

  /**
   * Returns the message's id and Message-ID, or `created: false` (and empty ids) when its dedupe key was already
   * in the outbox, its recipient left its list, or it was withheld for its recipient's daily allowance.
   */
  async enqueue<Name extends TemplateName>(tx: Transaction, email: OutgoingEmail<Name>): Promise<Enqueued> {
    const [enqueued] = await this.enqueueAll(tx, [email as OutgoingEmail<TemplateName>]);
    return enqueued!;
  }

  /**
   * Several messages at once, each answered as `enqueue` answers it: one read of the lists their recipients left,
   * one insert of the rows and one of their jobs, whatever their number. Of two with one dedupe key, the first is kept.
   */
  async enqueueAll(tx: Transaction, emails: readonly OutgoingEmail<TemplateName>[]): Promise<Enqueued[]> {
    for (const email of emails) if (!isValidEmail(email.to)) throw new Error(`Not an e-mail address: ${email.to}`);
    const answers: Enqueued[] = emails.map(() => NOT_ENQUEUED);
    // An erased account's rows carry an address that names no one; nothing is written or sent for it.
    const wanted = emails.flatMap((email, index) => (isErasedEmail(email.to) ? [] : [{ email, index }]));
    for (const { email } of wanted) {
      if (email.category === 'marketing' && (!email.list || !this.lists)) throw new Error('Marketing mail goes to a mailing list, with an unsubscribe link');
    }
    const left = await unsubscribedAmong(tx, wanted.flatMap(({ email }) => (email.category === 'marketing' ? [{ list: email.list!, email: email.to }] : [])));
    const byKey = new Map<string, number>();
    const rows: (typeof emailMessages.$inferInsert)[] = [];
    for (const { email, index } of wanted) {
      if (byKey.has(email.dedupeKey)) continue;
      if (email.category === 'marketing' && left.has(unsubscribeKey(email.list!, email.to))) continue;
      byKey.set(email.dedupeKey, index);
      const id = randomUUID();
      rows.push({
        id,
        dedupeKey: email.dedupeKey,
        template: email.template,
        category: email.category,
        toAddress: email.to,
        data: email.data as unknown as Record<string, unknown>,
        messageId: `<${id}@${this.idDomain}>`,
        list: email.category === 'marketing' ? email.list! : null,
        unsubscribeUrl: email.category === 'marketing' ? await this.lists!.unsubscribeUrl(email.list!, email.to) : null,
        attachments: email.attachments ?? [],
        ...(email.sendAfter ? { sendAfter: email.sendAfter } : {}),
      });
    }
    if (rows.length === 0) return answers;
    const written = await tx
      .insert(emailMessages)
      .values(rows)
      .onConflictDoNothing({ target: emailMessages.dedupeKey })
      .returning({ id: emailMessages.id, messageId: emailMessages.messageId, dedupeKey: emailMessages.dedupeKey });
    const jobs: { data: OutboxJob; startAfter?: Date }[] = [];
    for (const row of written) {
      const index = byKey.get(row.dedupeKey)!;
      const email = emails[index]!;
      // Counted only for a message the outbox did not have yet: a repeated event takes nothing from the allowance.
      if (email.typedByVisitor && this.allowance && !(await this.allowance.take(tx, email.to))) {
        await tx.update(emailMessages).set({ status: 'withheld' }).where(eq(emailMessages.id, row.id));
        continue;
      }
      answers[index] = { id: row.id, messageId: row.messageId, created: true };
      jobs.push({ data: { messageId: row.id }, ...(email.sendAfter ? { startAfter: email.sendAfter } : {}) });
    }
    await this.jobs.sendAllInTransaction(tx, MAIL_QUEUE, jobs);
    return answers;
  }
}
