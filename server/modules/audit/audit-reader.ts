import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AuditListFilter, AuditListResponse } from '../../../contracts/audit.ts';
import type { Database } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';

const IST_OFFSET = '+05:30';
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The audit log as the back office reads it: newest first, with each writer's name and e-mail. */
export class AuditReader {
  constructor(private readonly db: Database) {}

  async list(query: AuditListFilter): Promise<Omit<AuditListResponse, 'success'>> {
    const conditions: SQL[] = [];
    if (query.actor) conditions.push(eq(auditLog.actorId, query.actor));
    if (query.targetType) conditions.push(eq(auditLog.targetType, query.targetType));
    // Days are the shop's days (Asia/Kolkata): 'to' includes the whole of that day.
    if (query.from) conditions.push(gte(auditLog.createdAt, new Date(`${query.from}T00:00:00${IST_OFFSET}`)));
    if (query.to) conditions.push(lt(auditLog.createdAt, new Date(`${nextDay(query.to)}T00:00:00${IST_OFFSET}`)));
    const where = conditions.length > 0 ? and(...conditions) : undefined;

    const [rows, [total], actors, targetTypes] = await Promise.all([
      this.db
        .select({ entry: auditLog, actorName: users.name, actorEmail: users.email })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      this.db.select({ n: count() }).from(auditLog).where(where),
      this.db
        .selectDistinct({ id: users.id, name: users.name, email: users.email })
        .from(auditLog)
        .innerJoin(users, eq(users.id, auditLog.actorId))
        .orderBy(asc(users.name), asc(users.id)),
      this.db.selectDistinct({ targetType: auditLog.targetType }).from(auditLog).orderBy(asc(auditLog.targetType)),
    ]);
    const totalCount = total?.n ?? 0;
    return {
      entries: rows.map(({ entry, actorName, actorEmail }) => ({
        id: entry.id,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        actor: entry.actorId && actorName !== null && actorEmail !== null ? { id: entry.actorId, name: actorName, email: actorEmail } : null,
        actorRole: entry.actorRole,
        details: entry.details,
        createdAt: entry.createdAt.toISOString(),
      })),
      pagination: { page: query.page, limit: query.limit, total: totalCount, pages: Math.ceil(totalCount / query.limit) },
      choices: { actors, targetTypes: targetTypes.map((row) => row.targetType) },
    };
  }
}
