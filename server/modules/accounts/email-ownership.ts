import { and, eq } from 'drizzle-orm';
import { judgeLink, LINK_WINDOW_MS } from '../../../domain/account-links.ts';
import type { VerifyEmailBody } from '../../../contracts/account-recovery.ts';
import { verifyEmailBodySchema } from '../../../contracts/account-recovery.ts';
import { fieldRefusal, Refusal } from '../../../domain/refusal.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { findLink, issueLink, spendLink, voidLinks, type Transaction } from './account-links.ts';
import type { AccountMail } from './account-mail.ts';
import { endSessionsOf } from './account-sessions.ts';

export type VerifyOutcome = 'verified' | 'already-verified';

/**
 * Proof that an account's owner reads its sign-in address. The account works before the proof; the profile
 * asks for it until then. A verification counts only for the address it was sent to, so a link to an address
 * the account has since left verifies nothing.
 */
export class EmailOwnership {
  constructor(
    private readonly db: Database,
    private readonly mail: AccountMail,
    private readonly clock: () => Date,
  ) {}

  /** At registration, in its transaction: the welcome, carrying the first verification link. */
  async welcome(tx: Transaction, account: { id: string; email: string; name: string }): Promise<void> {
    const link = await issueLink(tx, { userId: account.id, email: account.email, purpose: 'email-verification' }, this.clock());
    if (link) await this.mail.welcome(tx, account.email, account.name, link);
  }

  async verify(raw: VerifyEmailBody): Promise<VerifyOutcome> {
    const { token } = verifyEmailBodySchema.parse(raw);
    const now = this.clock();
    return this.db.transaction(async (tx) => {
      // Opening the link twice (a mail client's preview, then the customer) is no error once the address is proven.
      const seen = await findLink(tx, token, 'email-verification');
      if (seen && judgeLink(seen, now) === 'used') {
        const [account] = await tx.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, seen.userId));
        if (account?.verifiedAt && account.email === seen.email) return 'already-verified';
      }
      const link = await spendLink(tx, token, 'email-verification', now);
      const [verified] = await tx
        .update(users)
        .set({ emailVerifiedAt: now, updatedAt: now })
        .where(and(eq(users.id, link.userId), eq(users.email, link.email)))
        .returning({ id: users.id });
      if (!verified) {
        throw fieldRefusal('invalid', 'token', 'This link was sent to an address this account no longer uses.');
      }
      return 'verified';
    });
  }

  /** 'Resend' on the profile: a new link to the current address, within the hourly cap. */
  async resend(userId: string): Promise<void> {
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      const [account] = await tx.select().from(users).where(eq(users.id, userId));
      if (!account) throw new Refusal('unauthenticated', 'Authentication required');
      if (account.emailVerifiedAt) throw new Refusal('conflict', 'Your e-mail is already verified');
      const link = await issueLink(tx, { userId, email: account.email, purpose: 'email-verification' }, now);
      if (!link) {
        throw new Refusal('rate-limited', 'Five verification e-mails went to this address in the last hour. Please try again later.', undefined, Math.ceil(LINK_WINDOW_MS / 1000));
      }
      await this.mail.verifyEmail(tx, account.email, account.name, link);
    });
  }

  /**
   * A new sign-in address, in the profile update's transaction (the caller has checked the current password):
   * unverified until its link is followed, every other session ends, the old address hears of it.
   */
  async changeAddress(tx: Transaction, account: { id: string; email: string; name: string }, newEmail: string, currentSession: string | null): Promise<void> {
    const now = this.clock();
    await tx.update(users).set({ email: newEmail, emailVerifiedAt: null, updatedAt: now }).where(eq(users.id, account.id));
    // A reset link still sitting in the old inbox must not open the account that has left it.
    await voidLinks(tx, account.id, 'password-reset', now);
    await endSessionsOf(tx, account.id, { except: currentSession });
    await this.mail.emailChanged(tx, account.email, account.name, newEmail, `${account.id}:${now.toISOString()}`, now);
    const link = await issueLink(tx, { userId: account.id, email: newEmail, purpose: 'email-verification' }, now);
    if (link) await this.mail.verifyEmail(tx, newEmail, account.name, link);
  }
}
