import { and, asc, count, desc, eq, getTableColumns, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Notification, NotificationListFilter, NotificationListResponse } from '../../../contracts/notifications.ts';
import type { NotificationPriority, NotificationType } from '../../../domain/notifications.ts';
import type { Permission } from '../../../domain/staff-roles.ts';
import type { Database } from '../../db/client.ts';
import { notifications, users } from '../../db/schema/index.ts';
import { fieldRefusal, notFoundRefusal } from '../../../domain/refusal.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { staffWithPermission } from '../staff/staff-identity.ts';

/** The channel every server process LISTENs on; the payload names the recipient and the row. */
export const NOTIFICATION_CHANNEL = 'deosil_notifications';

export interface NotificationInput {
  type: NotificationType;
  priority?: NotificationPriority;
  title: string;
  message: string;
  /** A path inside the shop the notification leads to, such as /orders/DP-1042. */
  actionUrl?: string | null;
}

/**
 * One person; the active staff whose role holds a permission (a notice goes to those who may act on it); or, for
 * a notice an admin writes by hand to the back office, every active staff member. Each gets a row of their own.
 */
export type NotificationAudience = { userId: string } | { toStaffWith: Permission } | { toAdmins: true };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Executor = Pick<Database, 'insert' | 'select' | 'execute'>;
type Row = typeof notifications.$inferSelect;

export function notificationDto(row: Row): Notification {
  const createdAt = row.createdAt.toISOString();
  return {
    _id: row.id,
    id: row.id,
    type: row.type,
    priority: row.priority,
    title: row.title,
    message: row.message,
    read: row.readAt !== null,
    createdAt,
    timestamp: createdAt,
    actionUrl: row.actionUrl,
  };
}

/**
 * The one way any part of the shop tells a person something. It writes the rows and announces them with
 * PostgreSQL NOTIFY in the same transaction, so live streams hear of a notification only once it is committed,
 * whichever server process wrote it.
 */
export class NotificationService {
  constructor(private readonly db: Database) {}

  /**
   * A notification an admin writes by hand, to one customer or, without `userId`, to every admin; the audit log
   * names the admin, in the same transaction. An unknown customer is refused, naming the field.
   */
  async sendAsAdmin(actorId: string, { userId, ...input }: NotificationInput & { userId?: string }): Promise<Notification[]> {
    return this.db.transaction(async (tx) => {
      if (userId) {
        const [target] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
        if (!target) throw fieldRefusal('invalid', 'userId', 'No user with this id');
      }
      const rows = await this.notify(userId ? { userId, ...input } : { toAdmins: true, ...input }, tx);
      await recordAudit(tx, {
        actorId,
        action: 'notification.create',
        targetType: userId ? 'user' : 'admins',
        targetId: userId ?? 'all',
        details: { title: input.title, before: null, after: { userId: userId ?? null, ...input } },
      });
      return rows;
    });
  }

  /**
   * Writes the notification for the audience and publishes it. Pass `tx` to make it part of a larger write
   * (an order, a status change): then it exists, and is announced, only if that write commits.
   */
  async notify(audience: NotificationAudience & NotificationInput, tx?: Executor): Promise<Notification[]> {
    return this.notifyAll([audience], tx);
  }

  /**
   * Several notifications (an order's customer and its admins) written and announced by one statement: each
   * audience's rows come from a select of its users, all of them inserted together.
   */
  async notifyAll(list: readonly (NotificationAudience & NotificationInput)[], tx?: Executor): Promise<Notification[]> {
    const db = tx ?? this.db;
    const [first, ...rest] = list.map((audience) => {
      const fields = { type: audience.type, priority: audience.priority ?? ('medium' as const), title: audience.title, message: audience.message, actionUrl: audience.actionUrl ?? null };
      // Every staff member it is for gets a row of their own, however many there are.
      const staff = and(eq(users.role, 'admin'), eq(users.status, 'active'));
      const who = 'userId' in audience ? eq(users.id, audience.userId) : 'toStaffWith' in audience ? and(staff, staffWithPermission(audience.toStaffWith)) : staff;
      return db
        .select({
          id: sql<string>`gen_random_uuid()`.as('id'),
          userId: users.id,
          type: sql<Row['type']>`${fields.type}::text`.as('type'),
          priority: sql<Row['priority']>`${fields.priority}::text`.as('priority'),
          title: sql<string>`${fields.title}::text`.as('title'),
          message: sql<string>`${fields.message}::text`.as('message'),
          actionUrl: sql<string | null>`${fields.actionUrl}::text`.as('action_url'),
          readAt: sql<Date | null>`null::timestamptz`.as('read_at'),
          createdAt: sql<Date>`now()`.as('created_at'),
        })
        .from(users)
        .where(who);
    });
    if (!first) return [];
    // Each row is announced by the statement that writes it (NOTIFY is sent only if the transaction commits).
    const returning = {
      ...getTableColumns(notifications),
      announced: sql`pg_notify(${NOTIFICATION_CHANNEL}, json_build_object('userId', ${notifications.userId}, 'id', ${notifications.id})::text)`,
    };
    let union = first.$dynamic();
    for (const part of rest) union = union.unionAll(part);
    const rows = await db.insert(notifications).select(union).returning(returning);
    return rows.map(notificationDto);
  }

  async list(userId: string, filter: Partial<NotificationListFilter> = {}): Promise<Omit<NotificationListResponse, 'success'>> {
    const query = { page: 1, limit: 20, ...filter };
    const filters: SQL[] = [eq(notifications.userId, userId)];
    if (query.unreadOnly) filters.push(isNull(notifications.readAt));
    if (query.type) filters.push(eq(notifications.type, query.type));
    const where = and(...filters);
    const [rows, [total], unreadCount] = await Promise.all([
      this.db
        .select()
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      this.db.select({ total: count() }).from(notifications).where(where),
      this.unreadCount(userId),
    ]);
    const totalCount = total?.total ?? 0;
    return {
      notifications: rows.map(notificationDto),
      pagination: { page: query.page, limit: query.limit, total: totalCount, pages: Math.ceil(totalCount / query.limit) },
      unreadCount,
    };
  }

  async find(userId: string, id: string): Promise<Notification | null> {
    const [row] = await this.db.select().from(notifications).where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
    return row ? notificationDto(row) : null;
  }

  /** The id of the person's newest notification, or null: where a live stream opened now starts. */
  async newestId(userId: string): Promise<string | null> {
    const [row] = await this.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(1);
    return row?.id ?? null;
  }

  /**
   * The person's notifications written after `lastId` (the last one a stream delivered), oldest first, at most
   * `limit`: what the stream missed while it, or this process's LISTEN connection, was away. An id that is not
   * one of theirs (a stale or made-up Last-Event-ID) reads as nothing missed.
   */
  async after(userId: string, lastId: string | null, limit = 50): Promise<Notification[]> {
    if (!lastId || !UUID.test(lastId)) return [];
    // Compared in the database: its times are finer than a JavaScript Date. Rows written in one transaction share
    // their time, and the id orders them; an id that is not theirs matches no row, so nothing is later.
    const last = sql`(select ${notifications.createdAt}, ${notifications.id} from ${notifications} where ${notifications.id} = ${lastId} and ${notifications.userId} = ${userId})`;
    const rows = await this.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), sql`(${notifications.createdAt}, ${notifications.id}) > ${last}`))
      .orderBy(asc(notifications.createdAt), asc(notifications.id))
      .limit(limit);
    return rows.map(notificationDto);
  }

  async unreadCount(userId: string): Promise<number> {
    const [row] = await this.db.select({ unread: count() }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return row?.unread ?? 0;
  }

  /** Someone else's notification is answered exactly like a missing one: 404. */
  async markRead(userId: string, id: string): Promise<Notification> {
    const [row] = await this.db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning();
    if (!row) throw notFoundRefusal('Notification not found');
    return notificationDto(row);
  }

  async markAllRead(userId: string): Promise<number> {
    const rows = await this.db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return rows.length;
  }

  async delete(userId: string, id: string): Promise<void> {
    const rows = await this.db
      .delete(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ id: notifications.id });
    if (rows.length === 0) throw notFoundRefusal('Notification not found');
  }

  async deleteRead(userId: string): Promise<number> {
    const rows = await this.db
      .delete(notifications)
      .where(and(eq(notifications.userId, userId), isNotNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return rows.length;
  }
}
