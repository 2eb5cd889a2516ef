import { desc, eq } from 'drizzle-orm';
import type { ConsentsResponse } from '../../../contracts/privacy.ts';
import {
  CONSENT_PREFERENCE,
  CONSENT_PURPOSE_NAMES,
  CONSENT_PURPOSES,
  consentChanges,
  PRIVACY_NOTICE_VERSION,
  type ConsentPurpose,
  type ConsentSource,
} from '../../../domain/data-rights.ts';
import { Refusal } from '../../../domain/refusal.ts';
import type { Database } from '../../db/client.ts';
import { consentRecords, newsletterSubscribers, users, type StoredPreferences } from '../../db/schema/index.ts';

type Writer = Pick<Database, 'insert'>;

/**
 * Adds a row for each consent that changed between two sets of preferences, under the notice in force. Called in
 * the transaction of the save, wherever preferences are saved (sign-up, profile, Privacy), so the log is never
 * behind the account.
 */
export async function logConsentChanges(
  tx: Writer,
  userId: string,
  before: Partial<Pick<StoredPreferences, 'newsletter' | 'smsNotifications'>>,
  after: Partial<Pick<StoredPreferences, 'newsletter' | 'smsNotifications'>>,
  source: ConsentSource,
  at: Date,
): Promise<void> {
  const changes = consentChanges(before, after);
  if (changes.length === 0) return;
  await tx.insert(consentRecords).values(changes.map((change) => ({ userId, ...change, source, noticeVersion: PRIVACY_NOTICE_VERSION, createdAt: at })));
}

/** A newsletter sign-up by address alone, recorded when its owner confirms it from the e-mail (double opt-in). */
export async function logNewsletterConsent(tx: Writer, email: string, at: Date): Promise<void> {
  await tx.insert(consentRecords).values({ email, purpose: 'newsletter', granted: true, source: 'newsletter-form', noticeVersion: PRIVACY_NOTICE_VERSION, createdAt: at });
}

/** Profile → Privacy: the customer's consents, each given or withdrawn with one switch, and their history. */
export class ConsentLog {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {}

  async of(userId: string): Promise<ConsentsResponse> {
    const [user] = await this.db.select({ preferences: users.preferences }).from(users).where(eq(users.id, userId));
    if (!user) throw new Refusal('unauthenticated', 'Authentication required');
    const history = await this.db.select().from(consentRecords).where(eq(consentRecords.userId, userId)).orderBy(desc(consentRecords.createdAt), desc(consentRecords.id));
    return {
      success: true,
      noticeVersion: PRIVACY_NOTICE_VERSION,
      consents: CONSENT_PURPOSE_NAMES.map((purpose) => ({
        purpose,
        ...CONSENT_PURPOSES[purpose],
        granted: user.preferences[CONSENT_PREFERENCE[purpose]],
        changedAt: history.find((record) => record.purpose === purpose)?.createdAt.toISOString() ?? null,
      })),
      history: history.map((record) => ({
        purpose: record.purpose,
        granted: record.granted,
        source: record.source as ConsentSource,
        noticeVersion: record.noticeVersion,
        at: record.createdAt.toISOString(),
      })),
    };
  }

  /** Gives or withdraws one consent: the account's preference and the log change together. */
  async set(userId: string, purpose: ConsentPurpose, granted: boolean): Promise<ConsentsResponse> {
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      const [user] = await tx.select({ preferences: users.preferences, email: users.email }).from(users).where(eq(users.id, userId)).for('update');
      if (!user) throw new Refusal('unauthenticated', 'Authentication required');
      const preferences = { ...user.preferences, [CONSENT_PREFERENCE[purpose]]: granted };
      await tx.update(users).set({ preferences, updatedAt: now }).where(eq(users.id, userId));
      await logConsentChanges(tx, userId, user.preferences, preferences, 'privacy', now);
      // A newsletter withdrawn is withdrawn everywhere: a sign-up made with the footer's form for the same address ends too.
      if (purpose === 'newsletter' && !granted) await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, user.email));
    });
    return this.of(userId);
  }
}
