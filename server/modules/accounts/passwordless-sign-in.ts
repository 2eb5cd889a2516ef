import { randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  redeemSignInLinkBodySchema,
  signInCodeBodySchema,
  signInLinkBodySchema,
  verifySignInCodeBodySchema,
  type RedeemSignInLinkBody,
  type SignInCodeBody,
  type SignInLinkBody,
  type VerifySignInCodeBody,
} from '../../../contracts/sign-in.ts';
import { displayMobile } from '../../../domain/phone.ts';
import { fieldRefusal, Refusal, type RefusalKind } from '../../../domain/refusal.ts';
import { judgeChallenge, SIGN_IN_CODE_TRIES, SIGN_IN_LIFETIME_MS, signInMessages } from '../../../domain/sign-in.ts';
import type { Database } from '../../db/client.ts';
import { signInChallenges, users } from '../../db/schema/index.ts';
import type { SecretSigner } from '../../db/shop-secrets.ts';
import type { AddressLimit, KeyLimit } from '../../http/address-limit.ts';
import type { SmsOutbox } from '../sms/sms-outbox.ts';
import type { Transaction } from './account-links.ts';
import type { AccountMail } from './account-mail.ts';
import type { AccountService } from './account-service.ts';
import { newSessionToken, tokenHash } from './credentials.ts';

/**
 * What an account made by a code or a link has for a password: no argon2 hash matches it, so the password form
 * never opens it; 'Forgot password?' can give it one later.
 */
export const NO_PASSWORD = '!no-password';

type UserRow = typeof users.$inferSelect;
type ChallengeRow = typeof signInChallenges.$inferSelect;

/**
 * The keyed hash of a texted code: HMAC-SHA256 under a secret kept in the database, over the challenge's id and
 * the code, so a leaked table gives no code away and one code's hash says nothing about another's. Checked in
 * constant time. Every typed code costs exactly one check, whether or not there is a code to check it against.
 */
export class CodeDigests {
  constructor(private readonly signer: SecretSigner) {}

  digest(challengeId: string, code: string): Promise<string> {
    return this.signer.sign(`${challengeId}:${code}`);
  }

  matches(challengeId: string, code: string, stored: string): Promise<boolean> {
    return this.signer.verify(`${challengeId}:${code}`, stored);
  }
}

/** Compared against when a number has no live code, so the answer costs what a real check costs. */
const NO_CHALLENGE = { id: '00000000-0000-0000-0000-000000000000', secretHash: '0'.repeat(64) };

export interface SignInLimits {
  /** Codes or links one client address may ask for. */
  address: AddressLimit;
  /** Codes one number, or links one address, may be sent ('sms:+91…', 'email:…'). */
  destination: KeyLimit;
}

/** Why a code or link did not sign anyone in; decided inside the transaction, refused after it commits. */
type Setback = { kind: RefusalKind; field: string; message: string };

const setback = (kind: RefusalKind, field: string, message: string): Setback => ({ kind, field, message });

/**
 * Sign in without a password, by a 6-digit code texted to a mobile or a one-time link e-mailed to an address.
 * Asking sends the same answer whatever exists behind the number or address: the account is made when the code
 * or link is used for the first time, with the phone or e-mail it proved marked verified.
 */
export class PasswordlessSignIn {
  constructor(
    private readonly db: Database,
    private readonly accounts: AccountService,
    private readonly sms: Pick<SmsOutbox, 'enqueue'>,
    private readonly mail: AccountMail,
    private readonly digests: CodeDigests,
    private readonly limits: SignInLimits,
    private readonly clock: () => Date,
  ) {}

  /** Texts a new code to the number (the older ones stop working); the answer is the same for any number. */
  async sendCode(raw: SignInCodeBody, clientAddress: string): Promise<string> {
    const { phone } = signInCodeBodySchema.parse(raw);
    await this.limits.address(clientAddress);
    await this.limits.destination(`sms:${phone}`);
    const id = randomUUID();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const secretHash = await this.digests.digest(id, code);
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      await this.retireLive(tx, 'sms', phone, now);
      await tx.insert(signInChallenges).values({ id, channel: 'sms', destination: phone, secretHash, createdAt: now, expiresAt: new Date(now.getTime() + SIGN_IN_LIFETIME_MS) });
      await this.sms.enqueue(tx, { template: 'sign-in-code', to: phone, variables: { otp: code }, dedupeKey: `sign-in-code:${id}` });
    });
    return signInMessages.codeSent(phone);
  }

  /**
   * Checks a typed code against the number's latest code, under a row lock so parallel guesses are counted one
   * by one. A wrong code counts against the code's five tries; the right one proves the account's phone (the
   * first factor: sign-in-steps.ts decides what follows), or (a number with no account) asks for a name and an
   * e-mail first, without spending the code.
   */
  async verifyCode(raw: VerifySignInCodeBody): Promise<UserRow> {
    const body = verifySignInCodeBodySchema.parse(raw);
    const now = this.clock();
    const outcome = await this.db.transaction(async (tx): Promise<UserRow | Setback> => {
      const [challenge] = await tx
        .select()
        .from(signInChallenges)
        .where(and(eq(signInChallenges.channel, 'sms'), eq(signInChallenges.destination, body.phone)))
        .orderBy(desc(signInChallenges.createdAt))
        .limit(1)
        .for('update');
      const right = await this.digests.matches((challenge ?? NO_CHALLENGE).id, body.code, (challenge ?? NO_CHALLENGE).secretHash);
      if (!challenge) return setback('invalid', 'code', signInMessages.code.none);
      const verdict = judgeChallenge(challenge, now);
      if (verdict !== 'valid') return setback('invalid', 'code', signInMessages.code[verdict]);
      if (!right) {
        const failed = challenge.failedAttempts + 1;
        await tx.update(signInChallenges).set({ failedAttempts: failed }).where(eq(signInChallenges.id, challenge.id));
        return setback('invalid', 'code', failed >= SIGN_IN_CODE_TRIES ? signInMessages.code['worn-out'] : signInMessages.code.wrong(SIGN_IN_CODE_TRIES - failed));
      }
      const [known] = await tx.select().from(users).where(eq(users.verifiedPhone, body.phone));
      let account = known;
      if (!account) {
        if (!body.name) return setback('invalid', 'name', signInMessages.newAccount.name);
        if (!body.email) return setback('invalid', 'email', signInMessages.newAccount.email);
        account =
          (await this.accounts.createAccount(tx, { name: body.name, email: body.email, passwordHash: NO_PASSWORD, phone: displayMobile(body.phone), verifiedPhone: body.phone, phoneVerifiedAt: now })) ??
          undefined;
        if (!account) return setback('conflict', 'email', signInMessages.newAccount.emailTaken);
      }
      return this.admit(tx, account, challenge, now);
    });
    return this.admitted(outcome);
  }

  /** E-mails a new sign-in link to the address (older ones stop working); the answer is the same for any address. */
  async sendLink(raw: SignInLinkBody, clientAddress: string): Promise<string> {
    const { email, returnTo } = signInLinkBodySchema.parse(raw);
    await this.limits.address(clientAddress);
    await this.limits.destination(`email:${email}`);
    const token = newSessionToken();
    const hash = tokenHash(token);
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      await this.retireLive(tx, 'email', email, now);
      await tx.insert(signInChallenges).values({ channel: 'email', destination: email, secretHash: hash, returnTo: returnTo ?? '/', createdAt: now, expiresAt: new Date(now.getTime() + SIGN_IN_LIFETIME_MS) });
      await this.mail.signInLink(tx, email, { token, tokenHash: hash });
    });
    return signInMessages.linkSent;
  }

  /** Spends a link: proves its address's account (verifying the address), or makes the account, given a name. */
  async redeemLink(raw: RedeemSignInLinkBody): Promise<{ row: UserRow; returnTo: string }> {
    const body = redeemSignInLinkBodySchema.parse(raw);
    const now = this.clock();
    let returnTo = '/';
    const outcome = await this.db.transaction(async (tx): Promise<UserRow | Setback> => {
      const [challenge] = await tx
        .select()
        .from(signInChallenges)
        .where(and(eq(signInChallenges.channel, 'email'), eq(signInChallenges.secretHash, tokenHash(body.token))))
        .for('update');
      if (!challenge) return setback('invalid', 'token', signInMessages.link.invalid);
      const verdict = judgeChallenge(challenge, now);
      if (verdict !== 'valid') return setback('invalid', 'token', verdict === 'expired' ? signInMessages.link.expired : signInMessages.link.used);
      returnTo = challenge.returnTo;
      const [known] = await tx.select().from(users).where(eq(users.email, challenge.destination));
      let account = known;
      if (!account) {
        if (!body.name) return setback('invalid', 'name', signInMessages.newAccount.name);
        account = (await this.accounts.createAccount(tx, { name: body.name, email: challenge.destination, passwordHash: NO_PASSWORD, emailVerifiedAt: now })) ?? undefined;
        // Made by a parallel click on the same address a moment ago: that click signs in, this one asks again.
        if (!account) return setback('conflict', 'token', signInMessages.link.used);
      } else if (!account.emailVerifiedAt) {
        [account] = await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, account.id)).returning();
      }
      return this.admit(tx, account!, challenge, now);
    });
    return { row: this.admitted(outcome), returnTo };
  }

  /** An active account is let in: the code or link is spent (the sign-in is recorded with the session). */
  private async admit(tx: Transaction, account: UserRow, challenge: ChallengeRow, now: Date): Promise<UserRow | Setback> {
    if (account.status !== 'active') {
      return setback('forbidden', 'status', account.status === 'banned' ? 'This account has been suspended. Please contact us if you think this is a mistake.' : 'This account is inactive. Please contact us to reactivate it.');
    }
    await tx.update(signInChallenges).set({ usedAt: now }).where(eq(signInChallenges.id, challenge.id));
    return account;
  }

  private admitted(outcome: UserRow | Setback): UserRow {
    if ('kind' in outcome) {
      // The account's status is the caller's to hear about, not a field to fix.
      if (outcome.field === 'status') throw new Refusal(outcome.kind, outcome.message);
      throw fieldRefusal(outcome.kind, outcome.field, outcome.message);
    }
    return outcome;
  }

  /** Only the newest code or link works: the five tries belong to one code, not to every code of the hour. */
  private async retireLive(tx: Transaction, channel: 'sms' | 'email', destination: string, now: Date): Promise<void> {
    await tx
      .update(signInChallenges)
      .set({ usedAt: now })
      .where(and(eq(signInChallenges.channel, channel), eq(signInChallenges.destination, destination), isNull(signInChallenges.usedAt)));
  }
}
