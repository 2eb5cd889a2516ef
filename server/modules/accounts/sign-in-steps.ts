import { and, eq, gt, lt } from 'drizzle-orm';
import type { LoginBody, User } from '../../../contracts/auth.ts';
import { fieldRefusal, Refusal } from '../../../domain/refusal.ts';
import type { Database } from '../../db/client.ts';
import { twoFactorChallenges, users } from '../../db/schema/index.ts';
import type { StaffSettings } from '../staff/staff-settings.ts';
import type { Enrolment, TwoFactor } from '../staff/two-factor.ts';
import type { AccountService } from './account-service.ts';
import { newSessionToken, tokenHash } from './credentials.ts';
import type { LoginThrottle } from './login-throttle.ts';

/** Long enough to open the app and type a code, or to scan a QR code; short enough to be worthless stolen. */
export const CHALLENGE_TTL_MS = 10 * 60_000;

type UserRow = typeof users.$inferSelect;
export type FirstFactorStep = { kind: 'signed-in'; token: string; row: UserRow; user: User } | { kind: 'code'; challenge: string } | { kind: 'enrol'; challenge: string };
/** What the shop's sign-in windows answer a first factor with: a session, or the code step. */
export type ShopStep = { kind: 'signed-in'; token: string; user: User; name: string } | { kind: 'code'; challenge: string };
/** The back office lets in staff only; the shop, any active account. */
export type Door = 'admin' | 'shop';

const challengeRefused = () => fieldRefusal('unauthenticated', 'challenge', 'This sign-in has expired. Please sign in again.');
const wrongCode = () => fieldRefusal('unauthenticated', 'code', 'That code is not right, or was already used. Type the code your app shows now, or a recovery code.');

/**
 * Every sign-in's steps (docs/decisions/0063, 0071): the first factor (a password, a texted code, an e-mailed
 * link), then the second when the account has one. A first factor answers with a challenge, not a session, when
 * the account has a second factor, or is staff the shop requires one of and has none yet; the challenge is good
 * for ten minutes and for that one next step. Code attempts count against the account's sign-in limit, like
 * passwords. One path for staff and customers, so neither door is a way round the other's second factor.
 */
export class SignInSteps {
  constructor(
    private readonly db: Database,
    private readonly accounts: AccountService,
    private readonly twoFactor: TwoFactor,
    private readonly throttle: LoginThrottle,
    private readonly settings: StaffSettings,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async password(body: LoginBody, ip: string, door: Door): Promise<FirstFactorStep> {
    return this.afterFirstFactor(await this.accounts.checkPassword(body, ip, { adminOnly: door === 'admin' }));
  }

  /**
   * What follows a proven first factor. A texted code or an e-mailed link is one factor, like a password (the
   * stricter reading: a phone or an inbox alone must not undo the authenticator), so it leads here too.
   */
  async afterFirstFactor(row: UserRow): Promise<FirstFactorStep> {
    if (await this.twoFactor.isEnrolled(row.id)) return { kind: 'code', challenge: await this.challenge(row.id, 'second-factor') };
    // The demo admin is shared by design, so it cannot hold one person's second factor.
    if (row.role === 'admin' && (await this.settings.current()).requireTwoFactor && !row.isDemo) return { kind: 'enrol', challenge: await this.challenge(row.id, 'enrol') };
    const { token, user } = await this.accounts.signedIn(row);
    return { kind: 'signed-in', token, row, user };
  }

  /**
   * The shop's door: the same steps, but a staff member who must still set up an authenticator does that at the
   * back office's door, which has the screens for it; the shop never lets them round it.
   */
  async atShopDoor(row: UserRow): Promise<ShopStep> {
    const step = await this.afterFirstFactor(row);
    if (step.kind === 'enrol') throw new Refusal('forbidden', 'This staff account must set up two-factor sign-in first: sign in at /admin/login.');
    if (step.kind === 'code') return { kind: 'code', challenge: step.challenge };
    return { kind: 'signed-in', token: step.token, user: step.user, name: step.row.name };
  }

  /** The shop's code step: the session and the signed-in customer. */
  async shopSecondFactor(challenge: string, code: string): Promise<{ token: string; user: User }> {
    const { token, row } = await this.secondFactor(challenge, code, 'shop');
    return { token, user: await this.accounts.toUser(row) };
  }

  /** The code (or a recovery code) after the first factor: the session. */
  async secondFactor(challenge: string, code: string, door: Door): Promise<{ token: string; row: UserRow }> {
    const row = await this.holderOf(challenge, 'second-factor', door);
    await this.throttle.attemptOnAccount(row.email);
    if (!(await this.twoFactor.verify(row.id, code))) throw wrongCode();
    await this.throttle.succeeded(row.email);
    await this.spend(challenge);
    const { token } = await this.accounts.signedIn(row);
    return { token, row };
  }

  /** A new authenticator secret for the holder of a staff enrolment challenge. */
  async beginEnrolment(challenge: string): Promise<Enrolment> {
    const row = await this.holderOf(challenge, 'enrol', 'admin');
    return this.twoFactor.begin(row.id, row.email);
  }

  /** The first code from the new authenticator: enrolled, signed in, and the recovery codes shown once. */
  async confirmEnrolment(challenge: string, code: string): Promise<{ token: string; row: UserRow; recoveryCodes: string[] }> {
    const row = await this.holderOf(challenge, 'enrol', 'admin');
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

  private async holderOf(challenge: string, purpose: 'second-factor' | 'enrol', door: Door): Promise<UserRow> {
    const [found] = await this.db
      .select({ user: users })
      .from(twoFactorChallenges)
      .innerJoin(users, eq(users.id, twoFactorChallenges.userId))
      .where(and(eq(twoFactorChallenges.tokenHash, tokenHash(challenge)), eq(twoFactorChallenges.purpose, purpose), gt(twoFactorChallenges.expiresAt, this.clock())));
    if (!found) throw challengeRefused();
    // Suspended or removed since the first factor: the challenge is worth nothing.
    if (found.user.status !== 'active') throw new Refusal('forbidden', 'This account cannot be signed in to. Please contact us if you think this is a mistake.');
    if (door === 'admin' && found.user.role !== 'admin') throw new Refusal('forbidden', 'This account has no access to the admin portal');
    return found.user;
  }

  /** A challenge is good once: deleting it is the check, so two requests with one challenge cannot both pass. */
  private async spend(challenge: string): Promise<void> {
    const spent = await this.db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.tokenHash, tokenHash(challenge))).returning({ tokenHash: twoFactorChallenges.tokenHash });
    if (spent.length === 0) throw challengeRefused();
  }
}
