import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { MailingList } from '../../../domain/mailing-lists.ts';
import type { Database } from '../../db/client.ts';
import { emailUnsubscribes } from '../../db/schema/index.ts';
import { keptSecret } from '../../db/shop-secrets.ts';
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

/**
 * Unsubscribe links: the list and address, signed with a secret kept in the database. The link never expires
 * and needs no sign-in (RFC 8058: a mail client posts to it on the reader's behalf, without cookies); the
 * signature stops anyone from unsubscribing an address they did not receive the e-mail at.
 */
export class MailingLists {
  private readonly secret: Promise<string>;

  constructor(
    private readonly db: Database,
    private readonly shopUrl: string,
  ) {
    // Read at once, outside any transaction: links are signed inside the transactions that enqueue e-mails, and
    // the embedded database's one connection cannot answer a second query while such a transaction holds it.
    this.secret = keptSecret(db, SIGNING_SECRET);
    this.secret.catch(() => {});
  }

  /** The one-click address for List-Unsubscribe; opened in a browser it leads to the /unsubscribe page. */
  async unsubscribeUrl(list: MailingList, email: string): Promise<string> {
    const query = new URLSearchParams({ list, email: email.toLowerCase(), token: await this.sign(list, email) });
    return `${this.shopUrl}/api/email/unsubscribe?${query}`;
  }

  /** Records that `email` left `list`; false when the signature does not match (nothing is written). */
  async unsubscribe(list: MailingList, email: string, token: string): Promise<boolean> {
    const expected = Buffer.from(await this.sign(list, email), 'hex');
    const given = Buffer.from(token, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    await this.db.insert(emailUnsubscribes).values({ email: email.toLowerCase(), list }).onConflictDoNothing();
    return true;
  }

  private async sign(list: MailingList, email: string): Promise<string> {
    return createHmac('sha256', await this.secret)
      .update(`${list}\n${email.toLowerCase()}`)
      .digest('hex');
  }
}
