import { and, eq, gt, lt } from 'drizzle-orm';
import type { LoginBody } from '../../../contracts/auth.ts';
import { fieldRefusal, Refusal } from '../../../domain/refusal.ts';
import type { Database } from '../../db/client.ts';
import { twoFactorChallenges, users } from '../../db/schema/index.ts';
import type { AccountService } from '../accounts/account-service.ts';
import { newSessionToken, tokenHash } from '../accounts/credentials.ts';
import type { LoginThrottle } from '../accounts/login-throttle.ts';
import type { StaffSettings } from './staff-settings.ts';
import type { Enrolment, TwoFactor } from './two-factor.ts';

/** Long enough to open the app and type a code, or to scan a QR code; short enough to be worthless stolen. */
export const CHALLENGE_TTL_MS = 10 * 60_000;

type UserRow = typeof users.$inferSelect;
export type PasswordStep = { kind: 'signed-in'; token: string; row: UserRow } | { kind: 'code' | 'enrol'; challenge: string };

const challengeRefused = () => fieldRefusal('unauthenticated', 'challenge', 'This sign-in has expired. Please sign in again with your password.');
const wrongCode = () => fieldRefusal('unauthenticated', 'code', 'That code is not right, or was already used. Type the code your app shows now, or a recovery code.');

/**
 * The back office's sign-in (docs/decisions/0063): password, then the second factor. A correct password answers
 * with a challenge, not a session, when the staff member has a second factor or the shop requires one they have
 * not set up; the challenge is good for ten minutes and for that one next step. Code attempts count against the
 * account's sign-in limit, like passwords.
 */
export class StaffSignIn {
  constructor(
    private readonly db: Database,
    private readonly accounts: AccountService,
    private readonly twoFactor: TwoFactor,
    private readonly throttle: LoginThrottle,
    private readonly settings: StaffSettings,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async password(body: LoginBody, ip: string): Promise<PasswordStep> {
    const row = await this.accounts.checkPassword(body, ip, { adminOnly: true });
    if (await this.twoFactor.isEnrolled(row.id)) return { kind: 'code', challenge: await this.challenge(row.id, 'second-factor') };
    // The demo admin is shared by design, so it cannot hold one person's second factor.
    if ((await this.settings.current()).requireTwoFactor && !row.isDemo) return { kind: 'enrol', challenge: await this.challenge(row.id, 'enrol') };
    const { token } = await this.accounts.signedIn(row);
    return { kind: 'signed-in', token, row };
  }

  /** The code (or a recovery code) after the password: the session. */
  async secondFactor(challenge: string, code: string): Promise<{ token: string; row: UserRow }> {
    const row = await this.holderOf(challenge, 'second-factor');
    await this.throttle.attemptOnAccount(row.email);
    if (!(await this.twoFactor.verify(row.id, code))) throw wrongCode();
    await this.throttle.succeeded(row.email);
    await this.spend(challenge);
    const { token } = await this.accounts.signedIn(row);
    return { token, row };
  }

  /** A new authenticator secret for the holder of an enrolment challenge. */
  async beginEnrolment(challenge: string): Promise<Enrolment> {
    const row = await this.holderOf(challenge, 'enrol');
    return this.twoFactor.begin(row.id, row.email);
  }

  /** The first code from the new authenticator: enrolled, signed in, and the recovery codes shown once. */
  async confirmEnrolment(challenge: string, code: string): Promise<{ token: string; row: UserRow; recoveryCodes: string[] }> {
    const row = await this.holderOf(challenge, 'enrol');
    await this.throttle.attemptOnAccount(row.email);
    const recoveryCodes = await this.twoFactor.confirm(row.id, code);
    await this.throttle.succeeded(row.email);
    await this.spend(challenge);
    const { token } = await this.accounts.signedIn(row);
    return { token, row, recoveryCodes };
  }

  /** A challenge for a next step; also what an accepted invitation answers with (its password is set). */
  async challenge(userId: string, purpose: 'second-factor' | 'enrol'): Promise<string> {
    const token = newSessionToken();
    const now = this.clock();
    await this.db.delete(twoFactorChallenges).where(and(eq(twoFactorChallenges.userId, userId), lt(twoFactorChallenges.expiresAt, now)));
    await this.db.insert(twoFactorChallenges).values({ tokenHash: tokenHash(token), userId, purpose, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) });
    return token;
  }

  private async holderOf(challenge: string, purpose: 'second-factor' | 'enrol'): Promise<UserRow> {
    const [found] = await this.db
      .select({ user: users })
      .from(twoFactorChallenges)
      .innerJoin(users, eq(users.id, twoFactorChallenges.userId))
      .where(and(eq(twoFactorChallenges.tokenHash, tokenHash(challenge)), eq(twoFactorChallenges.purpose, purpose), gt(twoFactorChallenges.expiresAt, this.clock())));
    if (!found) throw challengeRefused();
    // Suspended or removed since the password was typed: the challenge is worth nothing.
    if (found.user.status !== 'active' || found.user.role !== 'admin') throw new Refusal('forbidden', 'This account has no access to the admin portal');
    return found.user;
  }

  /** A challenge is good once: deleting it is the check, so two requests with one challenge cannot both pass. */
  private async spend(challenge: string): Promise<void> {
    const spent = await this.db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.tokenHash, tokenHash(challenge))).returning({ tokenHash: twoFactorChallenges.tokenHash });
    if (spent.length === 0) throw challengeRefused();
  }
}
