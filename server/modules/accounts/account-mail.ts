import type { EmailOutbox } from '../mail/email-outbox.ts';
import type { Transaction } from './account-links.ts';

type Outbox = Pick<EmailOutbox, 'enqueue'>;

/** Paths inside the shop that account e-mails link to; the template puts the shop's address in front. */
export const resetPasswordPath = (token: string) => `/reset-password?token=${token}`;
export const verifyEmailPath = (token: string) => `/verify-email?token=${token}`;
export const signInPath = (token: string) => `/sign-in?token=${token}`;

/**
 * The e-mails that protect an account, each enqueued in the caller's transaction with a dedupe key tied to the
 * link or change that caused it. All are 'security' mail: they go whatever the customer's preferences say.
 */
export class AccountMail {
  constructor(private readonly outbox: Outbox) {}

  async welcome(tx: Transaction, to: string, name: string, link: { token: string; tokenHash: string }): Promise<void> {
    await this.outbox.enqueue(tx, {
      template: 'welcome-verify-email',
      to,
      data: { name, verifyPath: verifyEmailPath(link.token) },
      dedupeKey: `welcome:${link.tokenHash}`,
      category: 'security',
    });
  }

  async verifyEmail(tx: Transaction, to: string, name: string, link: { token: string; tokenHash: string }): Promise<void> {
    await this.outbox.enqueue(tx, {
      template: 'verify-email',
      to,
      data: { name, verifyPath: verifyEmailPath(link.token) },
      dedupeKey: `verify-email:${link.tokenHash}`,
      category: 'security',
      // Asked for again and again, or for a new address the account typed: not yet proven to be theirs.
      typedByVisitor: true,
    });
  }

  async passwordReset(tx: Transaction, to: string, name: string, link: { token: string; tokenHash: string }): Promise<void> {
    await this.outbox.enqueue(tx, {
      template: 'password-reset',
      to,
      data: { name, resetPath: resetPasswordPath(link.token) },
      dedupeKey: `password-reset:${link.tokenHash}`,
      category: 'security',
      // Anyone may ask for a reset link to any account's address.
      typedByVisitor: true,
    });
  }

  async signInLink(tx: Transaction, to: string, link: { token: string; tokenHash: string }): Promise<void> {
    await this.outbox.enqueue(tx, {
      template: 'sign-in-link',
      to,
      data: { signInPath: signInPath(link.token) },
      dedupeKey: `sign-in-link:${link.tokenHash}`,
      category: 'security',
      // Anyone may type any address into the sign-in window.
      typedByVisitor: true,
    });
  }

  /** `cause` is what made the change (a spent reset link, or the account's own session): one notice per change. */
  async passwordChanged(tx: Transaction, to: string, name: string, cause: string, at: Date): Promise<void> {
    await this.outbox.enqueue(tx, {
      template: 'password-changed',
      to,
      data: { name, changedAt: at.toISOString() },
      dedupeKey: `password-changed:${cause}`,
      category: 'security',
    });
  }

  /** Sent to the address the account had: its owner learns of the change even if someone else made it. */
  async emailChanged(tx: Transaction, oldAddress: string, name: string, newAddress: string, cause: string, at: Date): Promise<void> {
    await this.outbox.enqueue(tx, {
      template: 'email-changed',
      to: oldAddress,
      data: { name, newEmail: newAddress, changedAt: at.toISOString() },
      dedupeKey: `email-changed:${cause}`,
      category: 'security',
    });
  }
}
