import { eq } from 'drizzle-orm';
import type { TurnOffTwoFactorBody } from '../../../contracts/staff.ts';
import { fieldRefusal, Refusal } from '../../../domain/refusal.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { Enrolment, TwoFactor } from '../staff/two-factor.ts';
import { verifyPassword } from './credentials.ts';
import type { LoginThrottle } from './login-throttle.ts';

interface Person {
  id: string;
  email: string;
  role: string;
}

/**
 * A customer's own choice of two-factor sign-in, from the profile (docs/decisions/0071): the staff's TOTP factor
 * (server/modules/staff/two-factor.ts), optional. Turning it off takes the password and a code, so a session
 * left open on a shared computer cannot remove it; codes count against the account's sign-in limit.
 */
export class OwnTwoFactor {
  constructor(
    private readonly db: Database,
    private readonly twoFactor: TwoFactor,
    private readonly throttle: LoginThrottle,
  ) {}

  async status(userId: string): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
    const enabled = await this.twoFactor.isEnrolled(userId);
    return { enabled, recoveryCodesLeft: enabled ? await this.twoFactor.recoveryCodesLeft(userId) : 0 };
  }

  begin(person: Person): Promise<Enrolment> {
    return this.twoFactor.begin(person.id, person.email);
  }

  /** The first code from the app turns it on; the ten recovery codes are shown this once. */
  async confirm(person: Person, code: string): Promise<string[]> {
    await this.throttle.attemptOnAccount(person.email);
    const codes = await this.twoFactor.confirm(person.id, code);
    await this.throttle.succeeded(person.email);
    return codes;
  }

  async turnOff(person: Person, body: TurnOffTwoFactorBody): Promise<void> {
    // The shop may require staff to have it; their lost phone is the owner's to reset, on the staff screen.
    if (person.role === 'admin') throw new Refusal('forbidden', "A staff account's two-factor sign-in is reset by the owner, on the staff screen.");
    if (!(await this.twoFactor.isEnrolled(person.id))) throw fieldRefusal('conflict', 'code', 'Two-factor sign-in is not on for this account');
    await this.throttle.attemptOnAccount(person.email);
    const [row] = await this.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, person.id));
    if (!row || !(await verifyPassword(row.passwordHash, body.password))) {
      throw fieldRefusal('invalid', 'password', "That password is not right. Signed in with codes or links only? Set a password first with 'Forgot password?'.");
    }
    if (!(await this.twoFactor.verify(person.id, body.code))) throw fieldRefusal('invalid', 'code', 'That code is not right, or was already used. Type the code your app shows now, or a recovery code.');
    await this.throttle.succeeded(person.email);
    await this.db.transaction((tx) => this.twoFactor.reset(tx, person.id));
  }
}
