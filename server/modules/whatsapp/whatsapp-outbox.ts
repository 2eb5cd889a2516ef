/**
 * The WhatsApp outbox: how the shop sends a WhatsApp template message, as the e-mail and SMS outboxes send theirs.
 *
 *   await db.transaction(async (tx) => {
 *     // … the business write …
 *     await whatsappOutbox.enqueue(tx, { template: 'order_shipped', to: '+919876543210', variables, dedupeKey: `order-shipped:${id}` });
 *   });
 *
 * The row and its job are written in the caller's transaction: a rolled-back event sends nothing, a committed one
 * is sent even if the process dies right after. The worker (whatsapp-sender.ts) hands it to Meta, retries with
 * backoff and never sends it twice. Every message is listed at /admin/whatsapp.
 */
import { canonicalMobile } from '../../../domain/phone.ts';
import { whatsappMessages } from '../../db/schema/index.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';
import { enqueueMessage, type OutboxJob } from '../outbox/message-outbox.ts';
import { renderTemplate, whatsappTemplate } from './templates/index.ts';

export const WHATSAPP_QUEUE = 'whatsapp-send';

export interface OutgoingMessage {
  /** A template's name in WhatsApp Manager (templates/index.ts). */
  template: string;
  to: string;
  variables: Record<string, string>;
  dedupeKey: string;
  orderId?: string;
  userId?: string;
}

export class WhatsAppOutbox {
  constructor(private readonly jobs: Pick<JobQueue, 'sendInTransaction'>) {}

  /** The row's id, or null when its dedupe key was already in the outbox. */
  async enqueue(tx: Transaction, message: OutgoingMessage): Promise<string | null> {
    const to = canonicalMobile(message.to);
    if (!to) throw new Error(`Not an Indian mobile number: ${message.to}`);
    const template = whatsappTemplate(message.template);
    if (!template) throw new Error(`No WhatsApp template ${message.template}`);
    const missing = template.variables.filter((name) => !message.variables[name]);
    // Meta refuses a template whose parameter is empty; better to fail the event's code path in tests than at Meta.
    if (missing.length) throw new Error(`WhatsApp template ${template.name} lacks ${missing.join(', ')}`);
    return enqueueMessage(tx, this.jobs, WHATSAPP_QUEUE, whatsappMessages, {
      dedupeKey: message.dedupeKey,
      template: template.name,
      toNumber: to,
      variables: message.variables,
      body: renderTemplate(template, message.variables),
      orderId: message.orderId ?? null,
      userId: message.userId ?? null,
    });
  }

  /** Another attempt at a message, not before `at`: for one whose last attempt Meta left unanswered. */
  async recheckLater(tx: Transaction, id: string, at: Date): Promise<void> {
    await this.jobs.sendInTransaction(tx, WHATSAPP_QUEUE, { messageId: id } satisfies OutboxJob, { startAfter: at });
  }
}
