import type { SmsListResponse, SmsSummary } from '../../../contracts/admin-sms.ts';
import { displayMobile } from '../../../domain/phone.ts';
import type { Database } from '../../db/client.ts';
import { smsMessages } from '../../db/schema/index.ts';
import { newestFirst } from '../outbox/message-outbox.ts';
import { blankedBody, isSmsTemplateName } from './sms-templates.ts';

type TextRow = typeof smsMessages.$inferSelect;

/**
 * A sign-in code is a live key to its recipient's account: the back office sees it only for a text the `log`
 * provider kept (then the back office is the only phone it reaches), never one on its way to a real phone.
 */
function summaryOf(row: TextRow): SmsSummary {
  const body = row.status === 'kept' || !isSmsTemplateName(row.template) ? row.body : blankedBody(row.template, row.variables).body;
  return {
    id: row.id,
    to: displayMobile(row.toNumber),
    template: row.template,
    body,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    providerReference: row.providerReference,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** The back office's list of every text the shop sent or kept, newest first. */
export class SmsLog {
  constructor(private readonly db: Database) {}

  async list(query: { page: number; limit: number }): Promise<Omit<SmsListResponse, 'success'>> {
    const { rows, pagination } = await newestFirst(this.db, smsMessages, query);
    return { texts: rows.map(summaryOf), pagination };
  }
}
