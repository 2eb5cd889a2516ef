import { and, eq } from 'drizzle-orm';
import { PRIVACY_NOTICE_VERSION, type ConsentSource } from '../../../domain/data-rights.ts';
import { canonicalMobile, displayMobile } from '../../../domain/phone.ts';
import { fieldRefusal, Refusal } from '../../../domain/refusal.ts';
import type { Database } from '../../db/client.ts';
import { consentRecords, users, whatsappSubscriptions } from '../../db/schema/index.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';

type Writer = Pick<Transaction, 'select' | 'insert' | 'update'>;

/** The consent log's purpose for order updates on WhatsApp (consent_records.purpose). */
export const WHATSAPP_CONSENT_PURPOSE = 'whatsapp';

export interface WhatsAppPreference {
  optedIn: boolean;
  /** '+91 98765 43210', or null when no number was ever given. */
  phone: string | null;
  changedAt: string | null;
}

/**
 * Opts a customer in or out of WhatsApp updates, in the caller's transaction: the subscription row and, when the
 * choice changed, a consent_records row (DPDP Act 2023 s.6: consent is specific, recorded, and as easy to withdraw
 * as to give). Opting in needs an Indian mobile number.
 */
export async function setWhatsAppOptIn(tx: Writer, userId: string, choice: { optedIn: boolean; phone?: string | null; source: ConsentSource | 'whatsapp-stop' }, at: Date): Promise<void> {
  const [current] = await tx.select().from(whatsappSubscriptions).where(eq(whatsappSubscriptions.userId, userId));
  const phone = choice.phone ? canonicalMobile(choice.phone) : (current?.phone ?? null);
  if (choice.optedIn && !phone) throw fieldRefusal('invalid', 'whatsappPhone', 'whatsappPhone must be an Indian mobile number to get updates on WhatsApp');
  const changed = (current?.optedIn ?? false) !== choice.optedIn;
  if (!phone) return;
  const source = choice.source === 'whatsapp-stop' ? 'whatsapp-reply' : choice.source;
  if (current) {
    await tx.update(whatsappSubscriptions).set({ phone, optedIn: choice.optedIn, source: choice.source, changedAt: changed ? at : current.changedAt }).where(eq(whatsappSubscriptions.userId, userId));
  } else {
    await tx.insert(whatsappSubscriptions).values({ userId, phone, optedIn: choice.optedIn, source: choice.source, changedAt: at });
  }
  if (changed) await tx.insert(consentRecords).values({ userId, purpose: WHATSAPP_CONSENT_PURPOSE, granted: choice.optedIn, source, noticeVersion: PRIVACY_NOTICE_VERSION, createdAt: at });
}

/** A STOP from a number: every account opted in with it is opted out. Answers how many were. */
export async function stopNumber(tx: Writer, phone: string, at: Date): Promise<number> {
  const subscribed = await tx
    .select({ userId: whatsappSubscriptions.userId })
    .from(whatsappSubscriptions)
    .where(and(eq(whatsappSubscriptions.phone, phone), eq(whatsappSubscriptions.optedIn, true)));
  for (const { userId } of subscribed) await setWhatsAppOptIn(tx, userId, { optedIn: false, source: 'whatsapp-stop' }, at);
  return subscribed.length;
}

/** Profile → Settings: the customer's WhatsApp switch. */
export class WhatsAppPreferences {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {}

  async of(userId: string): Promise<WhatsAppPreference> {
    const [row] = await this.db.select().from(whatsappSubscriptions).where(eq(whatsappSubscriptions.userId, userId));
    if (row) return { optedIn: row.optedIn, phone: displayMobile(row.phone), changedAt: row.changedAt.toISOString() };
    const [user] = await this.db.select({ phone: users.verifiedPhone, typed: users.phone }).from(users).where(eq(users.id, userId));
    const known = canonicalMobile(user?.phone) ?? canonicalMobile(user?.typed);
    return { optedIn: false, phone: known ? displayMobile(known) : null, changedAt: null };
  }

  async set(userId: string, choice: { optedIn: boolean; phone?: string | null }, source: ConsentSource = 'profile'): Promise<WhatsAppPreference> {
    await this.db.transaction(async (tx) => {
      const [user] = await tx.select({ id: users.id, erasedAt: users.erasedAt }).from(users).where(eq(users.id, userId)).for('update');
      if (!user || user.erasedAt) throw new Refusal('unauthenticated', 'Authentication required');
      await setWhatsAppOptIn(tx, userId, { ...choice, source }, this.clock());
    });
    return this.of(userId);
  }
}
