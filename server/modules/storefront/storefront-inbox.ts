import { count, desc } from 'drizzle-orm';
import type { ContactMessagesResponse, MessageListFilter, NewsletterSubscribersResponse } from '../../../contracts/admin-messages.ts';
import { toCsv } from '../../../domain/csv.ts';
import type { Database } from '../../db/client.ts';
import { contactMessages, newsletterSubscribers } from '../../db/schema/storefront.ts';

const pagination = (filter: MessageListFilter, total: number) => ({ page: filter.page, limit: filter.limit, total, pages: Math.ceil(total / filter.limit) });

/** What the storefront's public forms collected, as the back office reads it: newest first. */
export class StorefrontInbox {
  constructor(private readonly db: Database) {}

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
      messages: rows.map((row) => ({ ...row, handledAt: row.handledAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString() })),
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
