import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ContactRequest, NewsletterRequest } from '../../../contracts/storefront.ts';
import type { Database } from '../../db/client.ts';
import { contactMessages, newsletterSubscribers } from '../../db/schema/storefront.ts';
import { logNewsletterConsent } from '../privacy/consent-log.ts';
import type { EmailOutbox } from '../mail/email-outbox.ts';
import { redressDeadline, ticketNumberFrom } from '../../../domain/grievances.ts';
import type { GrievanceOfficer, PublicTicket } from '../../../contracts/grievances.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface StoredContactMessage {
  id: number;
  ticketNumber: string;
  status: 'open' | 'in_progress' | 'resolved';
  resolutionNote: string | null;
  statusChangedAt: Date | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  handledAt: Date | null;
  createdAt: Date;
}

/** The storefront's two public forms: newsletter sign-ups and messages from the contact page. */
export class StorefrontService {
  constructor(
    private readonly db: Database,
    private readonly outbox: EmailOutbox,
    private readonly mail: { shopUrl: string; shopInbox?: string; grievanceOfficer: GrievanceOfficer },
  ) {}

  /**
   * Adds the address once and e-mails it a confirmation link (double opt-in); returns false when it was already
   * on the list (the unique index decides, race-free), and then sends nothing, so the form cannot be used to
   * flood someone's inbox.
   */
  async subscribe({ email }: NewsletterRequest): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const token = randomBytes(24).toString('base64url');
      const [inserted] = await tx
        .insert(newsletterSubscribers)
        .values({ email, confirmTokenHash: hashToken(token) })
        .onConflictDoNothing({ target: newsletterSubscribers.email })
        .returning({ id: newsletterSubscribers.id });
      if (!inserted) return false;
      await this.outbox.enqueue(tx, {
        template: 'newsletter-confirm',
        to: email,
        data: { confirmUrl: `${this.mail.shopUrl}/newsletter/confirm?token=${token}` },
        dedupeKey: `newsletter-confirm:${inserted.id}`,
        category: 'transactional',
        typedByVisitor: true,
      });
      return true;
    });
  }

  /** The link's token confirms its subscriber once; false for an unknown, altered or already used token. */
  async confirmSubscription(token: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [confirmed] = await tx
        .update(newsletterSubscribers)
        .set({ confirmedAt: new Date(), confirmTokenHash: null })
        .where(and(eq(newsletterSubscribers.confirmTokenHash, hashToken(token)), isNull(newsletterSubscribers.confirmedAt)))
        .returning({ email: newsletterSubscribers.email, confirmedAt: newsletterSubscribers.confirmedAt });
      // The confirmation is the consent (DPDP Act 2023 s.6(1)): the log records it with the notice in force.
      if (confirmed) await logNewsletterConsent(tx, confirmed.email, confirmed.confirmedAt ?? new Date());
      return confirmed !== undefined;
    });
  }

  /**
   * Stores the message as a complaint ticket, acknowledges it to the address given with its ticket number (within
   * that mailbox's daily allowance) and copies it to the shop's inbox, all or nothing. The acknowledgement goes
   * at once, well inside the 48 hours the E-Commerce Rules 2020 allow (rule 4(5)).
   */
  async saveContactMessage(input: ContactRequest): Promise<{ id: number; ticketNumber: string }> {
    // Two messages drawing the same random number: the unique index refuses one, which draws again.
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.storeContactMessage(input, ticketNumberFrom(randomBytes(8)));
      } catch (error) {
        if (attempt < 2 && isUniqueViolation(error)) continue;
        throw error;
      }
    }
  }

  private storeContactMessage(input: ContactRequest, ticketNumber: string): Promise<{ id: number; ticketNumber: string }> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(contactMessages).values({ ...input, ticketNumber }).returning({ id: contactMessages.id });
      if (!row) throw new Error('contact message was not stored');
      const data = { name: input.name, email: input.email, subject: input.subject, message: input.message, ticketNumber };
      // The acknowledgement carries none of the visitor's words: the shop must not carry their text to whatever
      // address they typed. Its ticket number and the grievance officer are the shop's own.
      await this.outbox.enqueue(tx, {
        template: 'contact-acknowledgement',
        to: input.email,
        data: { ticketNumber, statusUrl: `${this.mail.shopUrl}/grievances?ticket=${ticketNumber}`, officer: this.mail.grievanceOfficer },
        dedupeKey: `contact-acknowledgement:${row.id}`,
        category: 'transactional',
        typedByVisitor: true,
      });
      if (this.mail.shopInbox) {
        await this.outbox.enqueue(tx, { template: 'contact-copy', to: this.mail.shopInbox, data, dedupeKey: `contact-copy:${row.id}`, category: 'transactional' });
      }
      return { id: row.id, ticketNumber };
    });
  }

  /** The complaint with this number sent from this address, as its sender follows it; null for any other pair. */
  async ticket(ticketNumber: string, email: string): Promise<PublicTicket | null> {
    const [row] = await this.db
      .select()
      .from(contactMessages)
      .where(and(eq(contactMessages.ticketNumber, ticketNumber), eq(contactMessages.email, email)));
    if (!row) return null;
    return {
      ticketNumber: row.ticketNumber,
      subject: row.subject,
      status: row.status,
      receivedAt: row.createdAt.toISOString(),
      redressBy: redressDeadline(row.createdAt).toISOString(),
      resolutionNote: row.resolutionNote,
      updatedAt: row.statusChangedAt?.toISOString() ?? null,
    };
  }

  /** Newest first, for the back office. */
  async listContactMessages(limit = 100): Promise<StoredContactMessage[]> {
    return this.db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(limit);
  }

  async countSubscribers(): Promise<number> {
    return this.db.$count(newsletterSubscribers);
  }
}
