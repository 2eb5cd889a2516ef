import { count, desc, eq, sql } from 'drizzle-orm';
import type { TicketStatusChange } from '../../../contracts/grievances.ts';
import { isOverdue, redressDeadline, statusChangeProblem } from '../../../domain/grievances.ts';
import { fieldRefusal, notFoundRefusal } from '../../../domain/refusal.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { ContactMessage, ContactMessagesResponse, MessageListFilter, NewsletterSubscribersResponse } from '../../../contracts/admin-messages.ts';
import { toCsv } from '../../../domain/csv.ts';
import type { Database } from '../../db/client.ts';
import { contactMessages, newsletterSubscribers } from '../../db/schema/storefront.ts';

const pagination = (filter: MessageListFilter, total: number) => ({ page: filter.page, limit: filter.limit, total, pages: Math.ceil(total / filter.limit) });

type ContactRow = typeof contactMessages.$inferSelect;

/** What the storefront's public forms collected, as the back office reads it: newest first. */
export class StorefrontInbox {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private toMessage(row: ContactRow): ContactMessage {
    return {
      ...row,
      redressBy: redressDeadline(row.createdAt).toISOString(),
      overdue: isOverdue(row, this.clock()),
      statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
      handledAt: row.handledAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /**
   * Moves a complaint on (open, in progress, resolved), with the audit entry of who did it. Resolving needs a
   * note, which the sender then reads with the status; reopening clears when it was handled.
   */
  async changeTicketStatus(actorId: string, id: number, change: TicketStatusChange): Promise<ContactMessage> {
    const problem = statusChangeProblem(change);
    if (problem) throw fieldRefusal('invalid', problem.field, problem.message);
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
      if (!before) throw notFoundRefusal('Message not found');
      const resolved = change.status === 'resolved';
      const [after] = await tx
        .update(contactMessages)
        .set({
          status: change.status,
          resolutionNote: change.resolutionNote ?? before.resolutionNote,
          statusChangedAt: sql`now()`,
          handledAt: resolved ? (before.handledAt ?? sql`now()`) : null,
        })
        .where(eq(contactMessages.id, id))
        .returning();
      await recordAudit(tx, {
        actorId,
        action: 'complaint.status',
        targetType: 'contact_message',
        targetId: String(id),
        details: { ticketNumber: before.ticketNumber, before: { status: before.status, resolutionNote: before.resolutionNote }, after: { status: after!.status, resolutionNote: after!.resolutionNote } },
      });
      return this.toMessage(after!);
    });
  }

  async contactMessages(filter: MessageListFilter): Promise<Omit<ContactMessagesResponse, 'success'>> {
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(contactMessages)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(filter.limit)
        .offset((filter.page - 1) * filter.limit),
      this.db.select({ n: count() }).from(contactMessages),
    ]);
    return {
      messages: rows.map((row) => this.toMessage(row)),
      pagination: pagination(filter, total?.n ?? 0),
    };
  }

  async subscribers(filter: MessageListFilter): Promise<Omit<NewsletterSubscribersResponse, 'success'>> {
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(newsletterSubscribers)
        .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
        .limit(filter.limit)
        .offset((filter.page - 1) * filter.limit),
      this.db.select({ n: count() }).from(newsletterSubscribers),
    ]);
    return { subscribers: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), pagination: pagination(filter, total?.n ?? 0) };
  }

  /** Every subscriber, oldest first, as CSV (Email, Subscribed at in UTC ISO form). */
  async subscribersCsv(): Promise<string> {
    const rows = await this.db.select().from(newsletterSubscribers).orderBy(newsletterSubscribers.createdAt, newsletterSubscribers.id);
    return toCsv([['Email', 'Subscribed At'], ...rows.map((row) => [row.email, row.createdAt.toISOString()])]);
  }
}
