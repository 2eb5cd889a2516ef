/**
 * The SMS outbox: how any part of the shop sends a text, as the e-mail outbox sends mail.
 *
 *   await db.transaction(async (tx) => {
 *     // … the business write …
 *     await smsOutbox.enqueue(tx, { template: 'sign-in-code', to: '+919876543210', variables: { otp }, dedupeKey: `sign-in-code:${id}` });
 *   });
 *
 * The row and its job are written in the caller's transaction: a rolled-back write sends nothing, a committed one
 * is sent even if the process dies right after. The worker (sms-sender.ts) hands it to the provider, retries
 * with backoff and never sends a text twice. Every text is listed at /admin/sms.
 */
import { canonicalMobile } from '../../../domain/phone.ts';
import { smsMessages } from '../../db/schema/index.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';
import { enqueueMessage } from '../outbox/message-outbox.ts';
import { SMS_TEMPLATES, type SmsTemplateName, type SmsVariables } from './sms-templates.ts';

export const SMS_QUEUE = 'sms-send';

export interface OutgoingText<Name extends SmsTemplateName> {
  template: Name;
  to: string;
  variables: SmsVariables<Name>;
  dedupeKey: string;
}

export class SmsOutbox {
  constructor(private readonly jobs: Pick<JobQueue, 'sendInTransaction'>) {}

  /** The row's id, or null when its dedupe key was already in the outbox. */
  async enqueue<Name extends SmsTemplateName>(tx: Transaction, text: OutgoingText<Name>): Promise<string | null> {
    const to = canonicalMobile(text.to);
    if (!to) throw new Error(`Not an Indian mobile number: ${text.to}`);
    const variables = text.variables as Record<string, string>;
    const body = (SMS_TEMPLATES[text.template].body as (variables: Record<string, string>) => string)(variables);
    return enqueueMessage(tx, this.jobs, SMS_QUEUE, smsMessages, { dedupeKey: text.dedupeKey, template: text.template, toNumber: to, variables, body });
  }
}
