import { desc } from 'drizzle-orm';
import type { ContactRequest, NewsletterRequest } from '../../../contracts/storefront.ts';
import type { Database } from '../../db/client.ts';
import { contactMessages, newsletterSubscribers } from '../../db/schema/storefront.ts';

export interface StoredContactMessage {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  handledAt: Date | null;
  createdAt: Date;
}

/** The storefront's two public forms: newsletter sign-ups and messages from the contact page. */
export class StorefrontService {
  constructor(private readonly db: Database) {}

  /** Adds the address once; returns false when it was already subscribed (the unique index decides, race-free). */
  async subscribe({ email }: NewsletterRequest): Promise<boolean> {
    const inserted = await this.db
      .insert(newsletterSubscribers)
      .values({ email })
      .onConflictDoNothing({ target: newsletterSubscribers.email })
      .returning({ id: newsletterSubscribers.id });
    return inserted.length > 0;
  }

  async saveContactMessage(input: ContactRequest): Promise<number> {
    const [row] = await this.db.insert(contactMessages).values(input).returning({ id: contactMessages.id });
    if (!row) throw new Error('contact message was not stored');
    return row.id;
  }

  /** Newest first, for the back office. */
  async listContactMessages(limit = 100): Promise<StoredContactMessage[]> {
    return this.db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(limit);
  }

  async countSubscribers(): Promise<number> {
    return this.db.$count(newsletterSubscribers);
  }
}
