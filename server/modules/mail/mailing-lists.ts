import { and, eq, inArray } from 'drizzle-orm';
import type { MailingList } from '../../../domain/mailing-lists.ts';
import type { Database } from '../../db/client.ts';
import { emailUnsubscribes } from '../../db/schema/index.ts';
import { SecretSigner } from '../../db/shop-secrets.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';

const SIGNING_SECRET = 'mail-unsubscribe-signing';

type Reader = Database | Transaction;

/** Whether `email` left `list`: a list's message is neither enqueued nor sent to it. */
export async function hasUnsubscribed(db: Reader, list: MailingList, email: string): Promise<boolean> {
  const [found] = await db
    .select({ email: emailUnsubscribes.email })
    .from(emailUnsubscribes)
    .where(and(eq(emailUnsubscribes.email, email.toLowerCase()), eq(emailUnsubscribes.list, list)));
  return found !== undefined;
}

/** How `unsubscribedAmong` names a list and an address (in any case). */
export const unsubscribeKey = (list: MailingList, email: string) => `${list}\n${email.toLowerCase()}`;

/** Which of these addresses left these lists, in one read, as `unsubscribeKey`s: for many messages at once. */
export async function unsubscribedAmong(db: Reader, wanted: readonly { list: MailingList; email: string }[]): Promise<Set<string>> {
  if (wanted.length === 0) return new Set();
  const rows = await db
    .select({ email: emailUnsubscribes.email, list: emailUnsubscribes.list })
    .from(emailUnsubscribes)
    .where(inArray(emailUnsubscribes.email, [...new Set(wanted.map((entry) => entry.email.toLowerCase()))]));
  return new Set(rows.map((row) => unsubscribeKey(row.list as MailingList, row.email)));
}

/**
 * Unsubscribe links: the list and address, signed with a secret kept in the database. The link never expires
 * and needs no sign-in (RFC 8058: a mail client posts to it on the reader's behalf, without cookies); the
 * signature stops anyone from unsubscribing an address they did not receive the e-mail at.
 */
export class MailingLists {
  private readonly signer: SecretSigner;

  constructor(
    private readonly db: Database,
    private readonly shopUrl: string,
  ) {
    this.signer = new SecretSigner(db, SIGNING_SECRET);
  }

  /** The one-click address for List-Unsubscribe; opened in a browser it leads to the /unsubscribe page. */
  async unsubscribeUrl(list: MailingList, email: string): Promise<string> {
    const query = new URLSearchParams({ list, email: email.toLowerCase(), token: await this.signer.sign(signed(list, email)) });
    return `${this.shopUrl}/api/email/unsubscribe?${query}`;
  }

  /** Records that `email` left `list`; false when the signature does not match (nothing is written). */
  async unsubscribe(list: MailingList, email: string, token: string): Promise<boolean> {
    if (!(await this.signer.verify(signed(list, email), token))) return false;
    await this.db.insert(emailUnsubscribes).values({ email: email.toLowerCase(), list }).onConflictDoNothing();
    return true;
  }
}

const signed = (list: MailingList, email: string) => `${list}\n${email.toLowerCase()}`;
