import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { ChangePasswordBody, LoginBody, RegisterBody, UpdateProfileBody, User } from '../../../contracts/auth.ts';
import { changePasswordBodySchema, loginBodySchema, registerBodySchema, updateProfileBodySchema } from '../../../contracts/auth.ts';
import type { Role, UserStatus } from '../../../domain/accounts.ts';
import type { Database } from '../../db/client.ts';
import { sessions, staffMembers, staffRoles, users } from '../../db/schema/index.ts';
import { staffIdentityOf, type StaffIdentity } from '../staff/staff-identity.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import { announceSessionsEnded, endSessionsOf } from './account-sessions.ts';
import type { AccountMail } from './account-mail.ts';
import type { Transaction } from './account-links.ts';
import type { EmailOwnership } from './email-ownership.ts';
import { dummyPasswordHash, hashPassword, newSessionToken, tokenHash, verifyPassword } from './credentials.ts';
import type { LoginThrottle } from './login-throttle.ts';
import type { OrderStats } from './order-stats.ts';
import { levelFor } from '../../../domain/levels.ts';
import { canonicalMobile } from '../../../domain/phone.ts';
import { levelDto } from '../../../contracts/profile.ts';
import { fieldRefusal, Refusal } from '../../../domain/refusal.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { logConsentChanges } from '../privacy/consent-log.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;

/** Who is calling, as the auth hook puts it on `request.user`. */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  status: UserStatus;
  /** For an admin account: the staff role and what it may do (docs/decisions/0062); null for a customer. */
  staff: StaffIdentity | null;
}

type UserRow = typeof users.$inferSelect;

export interface IssuedSession {
  token: string;
  user: User;
}

const emailTaken = () =>
  fieldRefusal('conflict', 'email', 'An account with this email already exists');

const currentPasswordRefusal = (message: string) => fieldRefusal('invalid', 'currentPassword', message);

const statusRefusal: Record<Exclude<UserStatus, 'active'>, string> = {
  banned: 'This account has been suspended. Please contact us if you think this is a mistake.',
  inactive: 'This account is inactive. Please contact us to reactivate it.',
};

/** The active account behind a session token, asked by every signed-in request: built once and prepared. */
function preparedSessionUser(db: Database) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      status: users.status,
      staffRole: staffMembers.role,
      customRoleName: staffRoles.name,
      customPermissions: staffRoles.permissions,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // The role is read with the session on every request, so a changed role or permission holds at once everywhere.
    .leftJoin(staffMembers, eq(staffMembers.userId, users.id))
    .leftJoin(staffRoles, eq(staffRoles.key, staffMembers.role))
    .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), gt(sessions.expiresAt, sql.placeholder('now')), eq(users.status, 'active')))
    .prepare('session_user');
}

export class AccountService {
  constructor(
    private readonly db: Database,
    private readonly throttle: LoginThrottle,
    private readonly notifications: NotificationService,
    private readonly orderStats: OrderStats,
    private readonly ownership: EmailOwnership,
    private readonly mail: AccountMail,
  ) {}

  async register(raw: RegisterBody): Promise<IssuedSession> {
    const body = registerBodySchema.parse(raw);
    const passwordHash = await hashPassword(body.password);
    const created = await this.db.transaction((tx) =>
      this.createAccount(tx, {
        name: body.name,
        email: body.email,
        passwordHash,
        birthSign: body.birthSign ?? null,
        // Marketing is opt-in: consent must be given by a clear affirmative act (DPDP Act 2023 s.6(1)), and a
        // box ticked in advance for the shopper is a dark pattern (CCPA Guidelines 2023): the newsletter is on only
        // when the sign-up form's box was ticked (the contract's default is off). Order updates are the service
        // itself, so they start on.
        preferences: { smsNotifications: false, orderUpdates: true, ...body.preferences },
      }),
    );
    if (!created) throw emailTaken();
    return { token: await this.openSession(created.id), user: await this.toUser(created) };
  }

  /**
   * Writes a new customer account in the caller's transaction with its consents, welcome and notices, or returns
   * null when the e-mail already has one. An address not yet proven gets the welcome with a verification link;
   * one proven by the sign-in link that made the account is verified from the start.
   */
  async createAccount(tx: Transaction, values: typeof users.$inferInsert): Promise<UserRow | null> {
    const [row] = await tx
      .insert(users)
      .values({ preferences: { newsletter: false, smsNotifications: false, orderUpdates: true, favoriteScents: [], intensityPreference: '', budgetRange: '' }, ...values, lastLoginAt: new Date() })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!row) return null;
    await logConsentChanges(tx, row.id, {}, row.preferences, 'sign-up', row.createdAt);
    if (!row.emailVerifiedAt) await this.ownership.welcome(tx, row);
    await this.notifications.notify(
      {
        userId: row.id,
        type: 'user',
        priority: 'medium',
        title: 'Welcome to the Coven',
        message: `Blessed be, ${row.name}. Your grimoire is ready: explore our potions and track your orders here.`,
        actionUrl: '/products',
      },
      tx,
    );
    await this.notifications.notify(
      { toStaffWith: 'customers.read', type: 'user', priority: 'low', title: 'New customer', message: `${row.name} (${row.email}) joined the coven.`, actionUrl: '/admin/users' },
      tx,
    );
    return row;
  }

  /** The second half of a sign-in, once every factor is proven: the sign-in time, and a session. */
  async signedIn(row: UserRow): Promise<IssuedSession & { row: UserRow }> {
    const [updated] = await this.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, row.id)).returning();
    return { token: await this.openSession(row.id), user: await this.toUser(updated ?? row), row: updated ?? row };
  }

  /**
   * The first half: the account behind a correct password, active, counted against the sign-in limits. An
   * account with a second factor goes on to it (sign-in-steps.ts) before `signedIn`. `adminOnly` is the back office's door.
   */
  async checkPassword(raw: LoginBody, ip: string, options: { adminOnly?: boolean } = {}): Promise<UserRow> {
    const body = loginBodySchema.parse(raw);
    const [row] = await this.db.select().from(users).where(eq(users.email, body.email));
    if (!row) {
      await this.throttle.attemptOnUnknown(ip);
      // The same work as a real check, so the answer's timing does not tell whether the e-mail has an account.
      await verifyPassword(await dummyPasswordHash(), body.password);
      throw new Refusal('unauthenticated', options.adminOnly ? 'Invalid credentials' : 'No account found with this email');
    }
    // Counted before the password is checked: parallel guesses cannot all slip under the limit.
    await this.throttle.attemptOnAccount(row.email);
    if (!(await verifyPassword(row.passwordHash, body.password))) {
      throw new Refusal('unauthenticated', options.adminOnly ? 'Invalid credentials' : 'Incorrect password. Please try again.');
    }
    if (row.status !== 'active') throw new Refusal('forbidden', statusRefusal[row.status]);
    if (options.adminOnly && row.role !== 'admin') throw new Refusal('forbidden', 'This account has no access to the admin portal');
    await this.throttle.succeeded(row.email);
    return row;
  }

  /** The session behind a bearer token, if it is live and its owner is active; anything else is nobody. */
  private sessionUser?: ReturnType<typeof preparedSessionUser>;

  async authenticate(token: string): Promise<{ user: AuthUser; tokenHash: string } | null> {
    if (token.length < 20 || token.length > 100) return null;
    const hash = tokenHash(token);
    this.sessionUser ??= preparedSessionUser(this.db);
    const [row] = await this.sessionUser.execute({ hash, now: new Date() });
    if (!row) return null;
    const { staffRole, customRoleName, customPermissions, ...user } = row;
    return { user: { ...user, staff: row.role === 'admin' ? staffIdentityOf(staffRole, customRoleName, customPermissions) : null }, tokenHash: hash };
  }

  async logout(sessionHash: string): Promise<void> {
    const [ended] = await this.db.delete(sessions).where(eq(sessions.tokenHash, sessionHash)).returning({ userId: sessions.userId });
    // A live stream opened with this token ends now, not at its next heartbeat.
    if (ended) await announceSessionsEnded(this.db, ended.userId);
  }

  async me(userId: string): Promise<User> {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!row) throw new Refusal('unauthenticated', 'Authentication required');
    return this.toUser(row);
  }

  /**
   * Saves the profile. A new sign-in address needs the current password and goes through `EmailOwnership`
   * (unverified until confirmed, other sessions ended, the old address told), in the same transaction.
   */
  async updateProfile(userId: string, currentSession: string | null, raw: UpdateProfileBody): Promise<User> {
    const body = updateProfileBodySchema.parse(raw);
    const [current] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!current) throw new Refusal('unauthenticated', 'Authentication required');
    const newEmail = body.email !== undefined && body.email !== current.email ? body.email : null;
    if (newEmail) {
      if (!body.currentPassword) throw currentPasswordRefusal('Enter your current password to change your e-mail');
      if (!(await verifyPassword(current.passwordHash, body.currentPassword))) throw currentPasswordRefusal('Current password is incorrect');
      const [taken] = await this.db.select({ id: users.id }).from(users).where(eq(users.email, newEmail));
      if (taken) throw emailTaken();
    }
    const row = await this.db
      .transaction(async (tx) => {
        if (newEmail) await this.ownership.changeAddress(tx, current, newEmail, currentSession);
        const [updated] = await tx
          .update(users)
          .set({
            name: body.name,
            ...(body.phone !== undefined ? { phone: body.phone } : {}),
            ...(body.address !== undefined ? { address: body.address } : {}),
            ...(body.favoriteIngredient !== undefined ? { favoriteIngredient: body.favoriteIngredient } : {}),
            preferences: { ...current.preferences, ...body.preferences },
            updatedAt: new Date(),
          })
          .where(eq(users.id, userId))
          .returning();
        if (updated) await logConsentChanges(tx, userId, current.preferences, updated.preferences, 'profile', updated.updatedAt);
        return updated;
      })
      // Two accounts racing for one new address: the unique index decides, and the loser hears 409.
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      });
    if (!row) throw new Refusal('unauthenticated', 'Authentication required');
    return this.toUser(row);
  }

  /** A new password ends every other session: whoever else held one has to prove themselves again. */
  async changePassword(userId: string, currentSession: string, raw: ChangePasswordBody): Promise<void> {
    const body = changePasswordBodySchema.parse(raw);
    const [row] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!row) throw new Refusal('unauthenticated', 'Authentication required');
    if (!(await verifyPassword(row.passwordHash, body.currentPassword))) {
      throw fieldRefusal('invalid', 'currentPassword', 'Current password is incorrect');
    }
    const passwordHash = await hashPassword(body.newPassword);
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
      await endSessionsOf(tx, userId, { except: currentSession });
      const now = new Date();
      await this.mail.passwordChanged(tx, row.email, row.name, `session:${currentSession}:${now.toISOString()}`, now);
    });
  }

  async openSession(userId: string): Promise<string> {
    const token = newSessionToken();
    // Expired sessions of this user are of no use to anyone; clearing them here needs no cleanup job.
    await this.db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
    await this.db.insert(sessions).values({ tokenHash: tokenHash(token), userId, expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
    return token;
  }

  async toUser(row: UserRow): Promise<User> {
    const totals = (await this.orderStats.forUsers([row.id])).get(row.id);
    const level = levelFor(totals?.totalSpentPaise ?? 0);
    return {
      _id: row.id,
      id: row.id,
      name: row.name,
      email: row.email,
      emailVerified: row.emailVerifiedAt !== null,
      // The profile's phone is marked verified only while it is the number a texted code proved.
      phoneVerified: row.verifiedPhone !== null && canonicalMobile(row.phone) === row.verifiedPhone,
      role: row.role,
      status: row.status,
      mysticLevel: level.name,
      level: levelDto(level),
      joinDate: row.createdAt.toISOString(),
      orders: totals?.count ?? 0,
      birthSign: row.birthSign,
      phone: row.phone,
      address: row.address,
      favoriteIngredient: row.favoriteIngredient,
      preferences: row.preferences,
    };
  }
}
