import { eq } from 'drizzle-orm';
import type { EmailDetail, EmailListResponse, EmailSummary } from '../../../contracts/admin-emails.ts';
import { notFoundRefusal } from '../../../domain/refusal.ts';
import type { Database } from '../../db/client.ts';
import { emailMessages } from '../../db/schema/index.ts';
import { newestFirst } from '../outbox/message-outbox.ts';
import { renderOnDemand } from './render-on-demand.ts';
import type { RenderContext } from './templates/email-template.ts';

type MessageRow = typeof emailMessages.$inferSelect;

/**
 * A security message (password reset, e-mail verification) carries a live key to its recipient's account. Once
 * it has gone out over SMTP, the back office shows it with the key hidden: an admin must not be able to take
 * over a customer's account from the mail log. A message that was only kept (a shop with no SMTP_URL) is shown
 * whole, because the back office is then the only mailbox it reaches.
 */
function hidesAccountKeys(row: MessageRow): boolean {
  return row.category === 'security' && row.status !== 'kept';
}

const hideAccountKeys = (content: string) => content.replace(/([?&](?:amp;)?token=)[A-Za-z0-9_-]+/g, '$1[hidden]');

function summaryOf(row: MessageRow): EmailSummary {
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    template: row.template,
    category: row.category,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sendAfter: row.sendAfter.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** The back office's mail catcher: every message, sent or not, and what it looks like. */
export class EmailLog {
  constructor(
    private readonly db: Database,
    private readonly context: RenderContext,
  ) {}

  async list(query: { page: number; limit: number }): Promise<Omit<EmailListResponse, 'success'>> {
    const { rows, pagination } = await newestFirst(this.db, emailMessages, query);
    return { emails: rows.map(summaryOf), pagination };
  }

  /** As sent; a message not rendered yet (queued, or a review request due next week) is rendered as a preview. */
  async find(id: string): Promise<EmailDetail> {
    const [row] = await this.db.select().from(emailMessages).where(eq(emailMessages.id, id));
    if (!row) throw notFoundRefusal('E-mail not found');
    const stored = row.subject !== null && row.html !== null && row.text !== null;
    let rendered = { subject: row.subject ?? '', html: row.html ?? '', text: row.text ?? '' };
    if (!stored) {
      try {
        // With the unsubscribe link the sender adds, so the preview shows the footer that goes out.
        rendered = await renderOnDemand(row.template, row.data, { ...this.context, unsubscribeUrl: row.unsubscribeUrl ?? undefined });
      } catch (error) {
        rendered = { subject: `(${row.template} cannot be rendered)`, html: '', text: error instanceof Error ? error.message : String(error) };
      }
    }
    if (hidesAccountKeys(row)) rendered = { subject: rendered.subject, html: hideAccountKeys(rendered.html), text: hideAccountKeys(rendered.text) };
    return { ...summaryOf(row), ...rendered, messageId: row.messageId, smtpResponse: row.smtpResponse, preview: !stored };
  }
}
