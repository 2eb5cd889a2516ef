import type { Database } from '../../db/client.ts';
import { sql } from 'drizzle-orm';
import { auditLog, staffMembers, users } from '../../db/schema/index.ts';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  details?: Record<string, unknown>;
}

/** Every admin write calls this, inside the write's own transaction when it has one. */
export async function recordAudit(db: Pick<Database, 'insert'>, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ ...entry, actorRole: actorRoleOf(entry.actorId), details: entry.details ?? {} });
}

/**
 * The acting staff member's role as the write happens (docs/decisions/0062), read in the write's own statement so
 * no caller has to pass it: an admin account without a staff row is an owner, anyone else has none.
 */
const actorRoleOf = (actorId: string | null) =>
  actorId
    ? sql<string | null>`(select case when ${users.role} = 'admin' then coalesce(${staffMembers.role}, 'owner') end from ${users} left join ${staffMembers} on ${staffMembers.userId} = ${users.id} where ${users.id} = ${actorId})`
    : null;
