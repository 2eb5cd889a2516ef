import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { StaffMember } from '../../../contracts/staff.ts';
import { fieldRefusal, notFoundRefusal, Refusal } from '../../../domain/refusal.ts';
import { BUILT_IN_ROLES, isBuiltInRole, missingForGrant, PERMISSION_NAMES, permissionsOf, type Permission, type StaffRole } from '../../../domain/staff-roles.ts';
import type { Database } from '../../db/client.ts';
import { staffInvitations, staffMembers, staffRoles, twoFactorSecrets, users } from '../../db/schema/index.ts';
import type { Transaction } from '../accounts/account-links.ts';
import { endSessionsOf } from '../accounts/account-sessions.ts';
import { hashPassword, newSessionToken, tokenHash } from '../accounts/credentials.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { EmailOutbox } from '../mail/email-outbox.ts';
import type { StaffIdentity } from './staff-identity.ts';
import type { TwoFactor } from './two-factor.ts';

/** An invitation's link works once, for 72 hours. */
export const INVITATION_TTL_MS = 72 * 60 * 60_000;

export const invitationPath = (token: string) => `/admin/invitation?token=${token}`;

export interface Actor {
  id: string;
  name: string;
  staff: StaffIdentity;
}

const invitationRefused = () => fieldRefusal('invalid', 'token', 'This invitation link is not valid: it was used, withdrawn or has expired. Ask the owner for a new one.');

/** Serialises changes that could leave the shop without an owner, in every process (a transaction-scoped lock). */
const OWNER_LOCK = 4_100_041;

/**
 * The owner's staff screen (docs/decisions/0062): invitations, roles, suspension and removal. Every rule that
 * protects the shop is here, not in the screen: nobody grants a role holding permissions they lack (so nobody
 * escalates their own), and the last active owner can be neither demoted, suspended nor removed.
 */
export class StaffDirectory {
  constructor(
    private readonly db: Database,
    private readonly outbox: Pick<EmailOutbox, 'enqueue'>,
    private readonly twoFactor: TwoFactor,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async roles(): Promise<StaffRole[]> {
    const custom = await this.db.select().from(staffRoles).orderBy(staffRoles.name);
    return [
      ...Object.values(BUILT_IN_ROLES),
      ...custom.map((row) => ({ key: row.key, name: row.name, permissions: permissionsOf(row.key, row.permissions), builtIn: false })),
    ];
  }

  async role(key: string): Promise<StaffRole | null> {
    if (isBuiltInRole(key)) return BUILT_IN_ROLES[key];
    const [row] = await this.db.select().from(staffRoles).where(eq(staffRoles.key, key));
    return row ? { key: row.key, name: row.name, permissions: permissionsOf(row.key, row.permissions), builtIn: false } : null;
  }

  async members(): Promise<StaffMember[]> {
    const rows = await this.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        status: users.status,
        lastLoginAt: users.lastLoginAt,
        role: staffMembers.role,
        invitedAt: staffMembers.createdAt,
        invitedBy: staffMembers.invitedBy,
        twoFactorAt: twoFactorSecrets.confirmedAt,
      })
      .from(users)
      .leftJoin(staffMembers, eq(staffMembers.userId, users.id))
      .leftJoin(twoFactorSecrets, eq(twoFactorSecrets.userId, users.id))
      .where(eq(users.role, 'admin'))
      .orderBy(users.name);
    const roles = new Map((await this.roles()).map((role) => [role.key, role]));
    return rows.map((row) => {
      const key = row.role ?? 'owner';
      return {
        id: row.id,
        name: row.name,
        email: row.email,
        role: key,
        roleName: roles.get(key)?.name ?? key,
        status: row.status,
        lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
        twoFactor: row.twoFactorAt !== null,
        invitedAt: row.invitedBy ? (row.invitedAt?.toISOString() ?? null) : null,
      };
    });
  }

  async pendingInvitations(): Promise<{ email: string; name: string; role: string; expiresAt: string }[]> {
    const rows = await this.db
      .select()
      .from(staffInvitations)
      .where(and(isNull(staffInvitations.usedAt), isNull(staffInvitations.revokedAt), gt(staffInvitations.expiresAt, this.clock())))
      .orderBy(desc(staffInvitations.createdAt));
    return rows.map((row) => ({ email: row.email, name: row.name, role: row.role, expiresAt: row.expiresAt.toISOString() }));
  }

  /** A custom role from the permission list; only permissions the maker holds. */
  async createRole(actor: Actor, input: { key: string; name: string; permissions: Permission[] }): Promise<StaffRole> {
    if (isBuiltInRole(input.key)) throw fieldRefusal('conflict', 'key', `${input.key} is a built-in role`);
    this.mayGrant(actor, [...new Set(input.permissions)]);
    const permissions = PERMISSION_NAMES.filter((permission) => input.permissions.includes(permission));
    const created = await this.db.transaction(async (tx) => {
      const [row] = await tx.insert(staffRoles).values({ key: input.key, name: input.name, permissions }).onConflictDoNothing().returning();
      if (row) await this.audit(tx, actor, 'staff.role-create', 'staff-role', row.key, { name: row.name, permissions });
      return row;
    });
    if (!created) throw fieldRefusal('conflict', 'key', `A role with the key ${input.key} already exists`);
    return { key: created.key, name: created.name, permissions, builtIn: false };
  }

  /** Sends an invitation; a newer one to the same address withdraws the older. */
  async invite(actor: Actor, input: { email: string; name: string; role: string }): Promise<{ email: string; name: string; role: string; expiresAt: string }> {
    const role = await this.grantable(actor, input.role);
    const [existing] = await this.db.select({ role: users.role }).from(users).where(eq(users.email, input.email));
    if (existing?.role === 'admin') throw fieldRefusal('conflict', 'email', 'This address already belongs to a staff member');
    const token = newSessionToken();
    const now = this.clock();
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
    await this.db.transaction(async (tx) => {
      await tx
        .update(staffInvitations)
        .set({ revokedAt: now })
        .where(and(eq(staffInvitations.email, input.email), isNull(staffInvitations.usedAt), isNull(staffInvitations.revokedAt)));
      await tx.insert(staffInvitations).values({ tokenHash: tokenHash(token), email: input.email, name: input.name, role: role.key, invitedBy: actor.id, createdAt: now, expiresAt });
      await this.outbox.enqueue(tx, {
        template: 'staff-invitation',
        to: input.email,
        data: { name: input.name, invitedBy: actor.name, roleName: role.name, acceptPath: invitationPath(token) },
        dedupeKey: `staff-invitation:${tokenHash(token)}`,
        category: 'security',
      });
      await this.audit(tx, actor, 'staff.invite', 'staff-invitation', input.email, { role: role.key });
    });
    return { email: input.email, name: input.name, role: role.key, expiresAt: expiresAt.toISOString() };
  }

  /** What an invitation link offers, for the page that accepts it; refused when used, withdrawn or expired. */
  async openInvitation(token: string): Promise<{ email: string; name: string; roleName: string; expiresAt: string }> {
    const row = await this.liveInvitation(this.db, token);
    const role = await this.role(row.role);
    return { email: row.email, name: row.name, roleName: role?.name ?? row.role, expiresAt: row.expiresAt.toISOString() };
  }

  /**
   * Spends the invitation: the account (new, or the customer account of that address) becomes staff with the
   * role and the chosen password, and every session it had ends. Returns the account's id; the second factor is
   * enrolled next.
   */
  async acceptInvitation(token: string, password: string): Promise<string> {
    const passwordHash = await hashPassword(password);
    return this.db.transaction(async (tx) => {
      const invitation = await this.liveInvitation(tx, token);
      const role = await this.role(invitation.role);
      if (!role) throw invitationRefused();
      const [spent] = await tx
        .update(staffInvitations)
        .set({ usedAt: this.clock() })
        .where(and(eq(staffInvitations.tokenHash, invitation.tokenHash), isNull(staffInvitations.usedAt)))
        .returning();
      if (!spent) throw invitationRefused();
      const [user] = await tx
        .insert(users)
        .values({ name: invitation.name, email: invitation.email, passwordHash, role: 'admin', status: 'active', emailVerifiedAt: this.clock() })
        .onConflictDoUpdate({ target: users.email, set: { passwordHash, role: 'admin', status: 'active', emailVerifiedAt: this.clock(), updatedAt: this.clock() } })
        .returning({ id: users.id });
      if (!user) throw invitationRefused();
      await tx
        .insert(staffMembers)
        .values({ userId: user.id, role: role.key, invitedBy: invitation.invitedBy })
        .onConflictDoUpdate({ target: staffMembers.userId, set: { role: role.key, invitedBy: invitation.invitedBy, updatedAt: this.clock() } });
      // A customer session of this address must never answer as staff, and a factor set up before is not theirs to keep.
      await endSessionsOf(tx, user.id);
      await this.twoFactor.reset(tx, user.id);
      await recordAudit(tx, { actorId: user.id, action: 'staff.join', targetType: 'user', targetId: user.id, details: { role: role.key, invitedBy: invitation.invitedBy } });
      return user.id;
    });
  }

  async changeRole(actor: Actor, userId: string, roleKey: string): Promise<void> {
    const role = await this.grantable(actor, roleKey);
    await this.db.transaction(async (tx) => {
      const target = await this.staffRow(tx, userId);
      if (target.id === actor.id) throw new Refusal('forbidden', 'You cannot change your own role; ask another owner');
      // Nobody changes the role of someone holding more than they do (a manager cannot demote an owner).
      this.mayGrant(actor, target.permissions);
      if (target.role === 'owner' && role.key !== 'owner') await this.keepAnOwner(tx, userId);
      await tx
        .insert(staffMembers)
        .values({ userId, role: role.key })
        .onConflictDoUpdate({ target: staffMembers.userId, set: { role: role.key, updatedAt: this.clock() } });
      await this.audit(tx, actor, 'staff.role-change', 'user', userId, { before: target.role, after: role.key });
    });
  }

  /** Suspended staff cannot sign in, and every session they hold ends now, in every process. */
  async setSuspended(actor: Actor, userId: string, suspended: boolean): Promise<void> {
    await this.db.transaction(async (tx) => {
      const target = await this.staffRow(tx, userId);
      if (target.id === actor.id) throw new Refusal('forbidden', 'You cannot suspend yourself');
      this.mayGrant(actor, target.permissions);
      if (suspended && target.role === 'owner') await this.keepAnOwner(tx, userId);
      await tx.update(users).set({ status: suspended ? 'banned' : 'active', updatedAt: this.clock() }).where(eq(users.id, userId));
      if (suspended) await endSessionsOf(tx, userId);
      await this.audit(tx, actor, suspended ? 'staff.suspend' : 'staff.reactivate', 'user', userId, {});
    });
  }

  /** Removed staff keep their account as a customer, without the back office, its sessions or its factor. */
  async remove(actor: Actor, userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const target = await this.staffRow(tx, userId);
      if (target.id === actor.id) throw new Refusal('forbidden', 'You cannot remove yourself; ask another owner');
      this.mayGrant(actor, target.permissions);
      if (target.role === 'owner') await this.keepAnOwner(tx, userId);
      await tx.delete(staffMembers).where(eq(staffMembers.userId, userId));
      await tx.update(users).set({ role: 'customer', updatedAt: this.clock() }).where(eq(users.id, userId));
      await endSessionsOf(tx, userId);
      await this.twoFactor.reset(tx, userId);
      await this.audit(tx, actor, 'staff.remove', 'user', userId, { role: target.role });
    });
  }

  /** A lost phone: the owner clears the staff member's factor, and they enrol again at their next sign-in. */
  async resetTwoFactor(actor: Actor, userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const target = await this.staffRow(tx, userId);
      this.mayGrant(actor, target.permissions);
      await this.twoFactor.reset(tx, userId);
      await endSessionsOf(tx, userId);
      await this.audit(tx, actor, 'staff.two-factor-reset', 'user', userId, {});
    });
  }

  private async grantable(actor: Actor, roleKey: string): Promise<StaffRole> {
    const role = await this.role(roleKey);
    if (!role) throw fieldRefusal('invalid', 'role', `There is no role ${roleKey}`);
    this.mayGrant(actor, role.permissions);
    return role;
  }

  private mayGrant(actor: Actor, permissions: readonly Permission[]): void {
    const missing = missingForGrant(actor.staff.permissions, permissions);
    if (missing.length > 0) {
      throw new Refusal('forbidden', `You cannot hand out permissions you do not hold: ${missing.join(', ')}`, [{ field: 'permission', message: missing[0]! }]);
    }
  }

  private async staffRow(tx: Transaction, userId: string): Promise<{ id: string; role: string; permissions: Permission[] }> {
    const [row] = await tx
      .select({ id: users.id, role: staffMembers.role, permissions: staffRoles.permissions })
      .from(users)
      .leftJoin(staffMembers, eq(staffMembers.userId, users.id))
      .leftJoin(staffRoles, eq(staffRoles.key, staffMembers.role))
      .where(and(eq(users.id, userId), eq(users.role, 'admin')));
    if (!row) throw notFoundRefusal('No staff member with this id');
    const role = row.role ?? 'owner';
    return { id: row.id, role, permissions: permissionsOf(role, row.permissions) };
  }

  /** 409 unless another active owner stays. Taken under a lock, so two owners cannot demote each other at once. */
  private async keepAnOwner(tx: Transaction, leaving: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${OWNER_LOCK})`);
    const owners = await tx
      .select({ id: users.id, role: staffMembers.role })
      .from(users)
      .leftJoin(staffMembers, eq(staffMembers.userId, users.id))
      .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
    const others = owners.filter((owner) => (owner.role ?? 'owner') === 'owner' && owner.id !== leaving);
    if (others.length === 0) throw new Refusal('conflict', 'The shop must keep at least one active owner: make someone else owner first');
  }

  private async liveInvitation(db: Pick<Database, 'select'>, token: string) {
    const [row] = await db
      .select()
      .from(staffInvitations)
      .where(
        and(
          eq(staffInvitations.tokenHash, tokenHash(token)),
          isNull(staffInvitations.usedAt),
          isNull(staffInvitations.revokedAt),
          gt(staffInvitations.expiresAt, this.clock()),
        ),
      );
    if (!row) throw invitationRefused();
    return row;
  }

  private async audit(tx: Transaction, actor: Actor, action: string, targetType: string, targetId: string, details: Record<string, unknown>): Promise<void> {
    await recordAudit(tx, { actorId: actor.id, action, targetType, targetId, details });
  }
}
