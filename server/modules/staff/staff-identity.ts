import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { staffMembers, staffRoles, users } from '../../db/schema/index.ts';
import { BUILT_IN_ROLES, builtInRolesGranting, isBuiltInRole, permissionsOf, type Permission } from '../../../domain/staff-roles.ts';

/** A staff member's role as a request carries it. */
export interface StaffIdentity {
  role: string;
  roleName: string;
  permissions: Permission[];
}

/**
 * The staff identity of an admin account from its `staff_members` row (and the custom role's row, if any). An
 * admin account without a row was made before roles existed, when every admin could do everything: it is an
 * owner. A row naming a custom role that was deleted grants nothing.
 */
export function staffIdentityOf(role: string | null, customRoleName: string | null, customPermissions: readonly string[] | null): StaffIdentity {
  const key = role ?? 'owner';
  const roleName = isBuiltInRole(key) ? BUILT_IN_ROLES[key].name : (customRoleName ?? key);
  return { role: key, roleName, permissions: permissionsOf(key, customPermissions) };
}

/** The staff identity of an admin account, read fresh (at sign-in; requests carry theirs from the session). */
export async function loadStaffIdentity(db: Database, userId: string): Promise<StaffIdentity> {
  const [row] = await db
    .select({ role: staffMembers.role, name: staffRoles.name, permissions: staffRoles.permissions })
    .from(users)
    .leftJoin(staffMembers, eq(staffMembers.userId, users.id))
    .leftJoin(staffRoles, eq(staffRoles.key, staffMembers.role))
    .where(eq(users.id, userId));
  return staffIdentityOf(row?.role ?? null, row?.name ?? null, row?.permissions ?? null);
}

/**
 * A condition on `users`: a staff account whose role grants `permission`, read as `staffIdentityOf` reads it (no
 * staff row: an owner; a built-in role: domain/staff-roles.ts; a custom role: its row's list).
 */
export function staffWithPermission(permission: Permission): SQL {
  const custom = sql`select ${staffRoles.key} from ${staffRoles} where ${permission} = any(${staffRoles.permissions})`;
  return sql`(not exists (select 1 from ${staffMembers} where ${staffMembers.userId} = ${users.id})
    or exists (select 1 from ${staffMembers} where ${staffMembers.userId} = ${users.id} and (${inArray(staffMembers.role, builtInRolesGranting(permission))} or ${staffMembers.role} in (${custom}))))`;
}

/** What the back office is told about the signed-in staff member: the screen shows only what they may do. */
export const adminIdentityOf = (person: { name: string; email: string }, staff: StaffIdentity) => ({
  name: person.name,
  role: 'admin' as const,
  email: person.email,
  staffRole: staff.role,
  roleName: staff.roleName,
  permissions: staff.permissions,
});
