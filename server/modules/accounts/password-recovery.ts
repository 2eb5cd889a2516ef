import { eq } from 'drizzle-orm';
import type { ForgotPasswordBody, ResetPasswordBody } from '../../../contracts/account-recovery.ts';
import { forgotPasswordBodySchema, resetPasswordBodySchema } from '../../../contracts/account-recovery.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { issueLink, spendLink, voidLinks } from './account-links.ts';
import type { AccountMail } from './account-mail.ts';
import { endSessionsOf } from './account-sessions.ts';
import { hashPassword } from './credentials.ts';

/**
 * 'Forgot password?': a single-use link by e-mail, then a new password that signs the account out everywhere.
 * The request's answer never tells whether the address has an account; only its inbox learns that.
 */
export class PasswordRecovery {
  constructor(
    private readonly db: Database,
    private readonly mail: AccountMail,
    private readonly clock: () => Date,
  ) {}

  /** Sends a reset link if the address belongs to an active account and has not had five this hour. */
  async requestReset(raw: ForgotPasswordBody): Promise<void> {
    const { email } = forgotPasswordBodySchema.parse(raw);
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      const [account] = await tx.select({ id: users.id, name: users.name, status: users.status }).from(users).where(eq(users.email, email));
      // A suspended account gets no way back in by e-mail: signing in would still be refused.
      if (!account || account.status !== 'active') return;
      const link = await issueLink(tx, { userId: account.id, email, purpose: 'password-reset' }, now);
      if (link) await this.mail.passwordReset(tx, email, account.name, link);
    });
  }

  /**
   * Spends the link and sets the password in one transaction: every session of the account ends (whoever knew
   * the old password is out), every other reset link dies, and the owner is told by e-mail.
   */
  async reset(raw: ResetPasswordBody): Promise<void> {
    const body = resetPasswordBodySchema.parse(raw);
    // argon2 takes a moment; hash before the transaction so the link's row is locked only briefly.
    const passwordHash = await hashPassword(body.password);
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      const link = await spendLink(tx, body.token, 'password-reset', now);
      const [account] = await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, link.userId)).returning({ email: users.email, name: users.name });
      await voidLinks(tx, link.userId, 'password-reset', now);
      await endSessionsOf(tx, link.userId);
      await this.mail.passwordChanged(tx, account!.email, account!.name, `reset:${link.tokenHash}`, now);
    });
  }
}
