import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AdminUserActivity, AdminUserDetailResponse, AdminUserListQuery, AdminUserListResponse, AdminUserRecord } from '../../../contracts/admin-users.ts';
import { adminUserListQuerySchema } from '../../../contracts/admin-users.ts';
import type { UserStatus } from '../../../domain/accounts.ts';
import { formatPaise, paiseToRupees } from '../../../domain/money.ts';
import type { Database } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { endSessionsOf } from '../accounts/account-sessions.ts';
import type { OrderStats, OrderTotals } from '../accounts/order-stats.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { fieldRefusal, notFoundRefusal } from '../../../domain/refusal.ts';

type UserRow = typeof users.$inferSelect;

const sortOrder = {
  newest: [desc(users.createdAt)],
  oldest: [asc(users.createdAt)],
  name: [asc(sql`lower(${users.name})`)],
  email: [asc(users.email)],
  lastLogin: [sql`${users.lastLoginAt} desc nulls last`],
} as const;

const STATUS_ACTIONS: Record<UserStatus, string> = {
  active: 'Account reactivated',
  inactive: 'Account deactivated',
  banned: 'Account banned',
};

export class AdminUserService {
  constructor(
    private readonly db: Database,
    private readonly orderStats: OrderStats,
  ) {}

  async list(rawQuery: AdminUserListQuery): Promise<Omit<AdminUserListResponse, 'success'>> {
    const query = adminUserListQuerySchema.parse(rawQuery);
    const filters: SQL[] = [];
    if (query.search) {
      const pattern = `%${query.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      filters.push(or(ilike(users.name, pattern), ilike(users.email, pattern))!);
    }
    const searchOnly = filters.length ? and(...filters) : undefined;
    if (query.status) filters.push(eq(users.status, query.status));
    const where = filters.length ? and(...filters) : undefined;

    const [rows, [total], statusCounts] = await Promise.all([
      this.db
        .select()
        .from(users)
        .where(where)
        .orderBy(...sortOrder[query.sort], asc(users.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      this.db.select({ total: count() }).from(users).where(where),
      // The status cards count everyone the search matches, whatever status filter is chosen.
      this.db.select({ status: users.status, total: count() }).from(users).where(searchOnly).groupBy(users.status),
    ]);
    const totals = await this.orderStats.forUsers(rows.map((row) => row.id));
    const stats = { total: 0, active: 0, inactive: 0, banned: 0 };
    for (const row of statusCounts) {
      stats[row.status] = row.total;
      stats.total += row.total;
    }
    const totalCount = total?.total ?? 0;
    return {
      users: rows.map((row) => record(row, totals.get(row.id))),
      pagination: { page: query.page, limit: query.limit, total: totalCount, pages: Math.ceil(totalCount / query.limit) },
      stats,
    };
  }

  async detail(id: string): Promise<AdminUserDetailResponse['user']> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    if (!row) throw notFoundRefusal('User not found');
    const totals = (await this.orderStats.forUsers([id])).get(id);
    const audits = await this.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, id)))
      .orderBy(desc(auditLog.createdAt))
      .limit(10);
    const activity: AdminUserActivity[] = audits.map((entry) => ({
      id: `audit-${entry.id}`,
      action: STATUS_ACTIONS[entry.details.status as UserStatus] ?? entry.action,
      date: entry.createdAt.toISOString(),
      value: typeof entry.details.status === 'string' ? entry.details.status : null,
    }));
    for (const order of await this.orderStats.recent(id, 10)) {
      activity.push({
        id: `order-${order.orderNumber}`,
        action: order.status === 'cancelled' ? `Order ${order.orderNumber} (cancelled)` : `Placed order ${order.orderNumber}`,
        date: order.createdAt.toISOString(),
        value: formatPaise(order.totalPaise),
      });
    }
    if (row.lastLoginAt) activity.push({ id: 'last-login', action: 'Signed in', date: row.lastLoginAt.toISOString(), value: null });
    activity.push({ id: 'joined', action: 'Joined the coven', date: row.createdAt.toISOString(), value: null });
    activity.sort((a, b) => b.date.localeCompare(a.date));
    return { ...record(row, totals), phone: row.phone, address: row.address, recentActivity: activity.slice(0, 10) };
  }

  /**
   * Sets a user's status. Anything but active ends all of the user's sessions in the same transaction, so a
   * banned customer's very next request is refused. An admin cannot lock themselves out.
   */
  async setStatus(actorId: string, id: string, status: UserStatus): Promise<AdminUserRecord> {
    if (actorId === id && status !== 'active') {
      throw fieldRefusal('conflict', 'status', 'You cannot ban or deactivate your own account');
    }
    const row = await this.db.transaction(async (tx) => {
      const [previous] = await tx.select({ status: users.status }).from(users).where(eq(users.id, id)).for('update');
      if (!previous) return null;
      const [updated] = await tx.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, id)).returning();
      if (!updated) return null;
      if (status !== 'active') await endSessionsOf(tx, id);
      await recordAudit(tx, { actorId, action: 'user.status', targetType: 'user', targetId: id, details: { status, before: { status: previous.status }, after: { status } } });
      return updated;
    });
    if (!row) throw notFoundRefusal('User not found');
    return record(row, (await this.orderStats.forUsers([id])).get(id));
  }
}

function record(row: UserRow, totals: OrderTotals | undefined): AdminUserRecord {
  const joined = row.createdAt.toISOString();
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    status: row.status,
    joinDate: joined,
    createdAt: joined,
    registeredAt: joined,
    lastLogin: row.lastLoginAt?.toISOString() ?? null,
    totalOrders: totals?.count ?? 0,
    totalSpent: paiseToRupees(totals?.totalSpentPaise ?? 0),
  };
}
