import { and, asc, count, desc, eq, exists, ilike, or, sql, type SQL } from 'drizzle-orm';
import { addBusinessDays, ORDER_STATUSES, type OrderStatus } from '../../../domain/orders.ts';
import type { AdminOrderListQuery, AdminOrderListResponse, Order, TrackingBody } from '../../../contracts/orders.ts';
import type { Database } from '../../db/client.ts';
import { balanceEntries, balanceTenders, orderItems, orders } from '../../db/schema/index.ts';
import { notFoundRefusal } from '../../../domain/refusal.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { OrderMails } from './order-mails.ts';
import { DEFAULT_DELIVERY_BUSINESS_DAYS, toOrderDto, type OrderRow } from './order-dto.ts';
import { OrderLifecycleRefusal, type OrderLifecycle } from './order-lifecycle.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ORDER_NOT_FOUND = 'Order not found';
/** A customer's list is their whole history; this only bounds a pathological account. */
const MAX_CUSTOMER_ORDERS = 500;

export function byIdOrNumber(idOrNumber: string): SQL {
  return UUID.test(idOrNumber) ? eq(orders.id, idOrNumber) : eq(orders.orderNumber, idOrNumber.toUpperCase());
}

/**
 * With the order, what its refunds put onto balances, as recorded: each taken tender's `refunded_paise` (back onto the
 * balances that paid) and the ledger's refund entries naming the order (those and store credit the customer chose).
 */
const withLines = {
  items: true,
  history: true,
  creditNotes: true,
  offlineRefunds: true,
  balanceTenders: { columns: { refundedPaise: true }, where: eq(balanceTenders.state, 'taken') },
  balanceEntries: { columns: { amountPaise: true }, where: eq(balanceEntries.reason, 'refund') },
} as const;

/**
 * One order with its lines, by id or by number, built once: drizzle's relational query builder spends about a
 * millisecond of CPU building this query, and every order's confirmation and page reads it. Prepared on
 * PostgreSQL too, so each connection parses it once.
 */
function oneOrderReads(db: Database) {
  return {
    byId: db.query.orders.findFirst({ where: eq(orders.id, sql.placeholder('id')), with: withLines }).prepare('one_order_by_id'),
    byNumber: db.query.orders.findFirst({ where: eq(orders.orderNumber, sql.placeholder('number')), with: withLines }).prepare('one_order_by_number'),
  };
}

export interface Actor {
  id: string;
  name: string;
}

export interface OrderServiceDeps {
  db: Database;
  notifications: NotificationService;
  mails: OrderMails;
  lifecycle: OrderLifecycle;
  clock: () => Date;
  onStockChanged: () => void;
}

/** Reading orders for their owners and admins, and the admin's status and tracking changes. */
export class OrderService {
  constructor(private readonly deps: OrderServiceDeps) {}

  async mine(userId: string): Promise<Order[]> {
    const rows = await this.deps.db.query.orders.findMany({
      where: eq(orders.userId, userId),
      with: withLines,
      orderBy: [desc(orders.createdAt)],
      limit: MAX_CUSTOMER_ORDERS,
    });
    return rows.map(toOrderDto);
  }

  /** For its owner or an admin; to anyone else the order does not exist. */
  private oneOrder?: ReturnType<typeof oneOrderReads>;

  async findFor(viewer: { id: string; role: string }, idOrNumber: string): Promise<Order> {
    const reads = (this.oneOrder ??= oneOrderReads(this.deps.db));
    const row = UUID.test(idOrNumber) ? await reads.byId.execute({ id: idOrNumber }) : await reads.byNumber.execute({ number: idOrNumber.toUpperCase() });
    if (!row || (row.userId !== viewer.id && viewer.role !== 'admin')) throw notFoundRefusal(ORDER_NOT_FOUND);
    return toOrderDto(row);
  }

  async adminList(query: AdminOrderListQuery): Promise<Omit<AdminOrderListResponse, 'success'>> {
    const conditions: SQL[] = [];
    if (query.status && query.status !== 'all') conditions.push(eq(orders.status, query.status));
    if (query.search) {
      const pattern = `%${query.search.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
      conditions.push(
        or(
          ilike(orders.orderNumber, pattern),
          ilike(orders.customerName, pattern),
          ilike(orders.customerEmail, pattern),
          exists(this.deps.db.select({ one: sql`1` }).from(orderItems).where(and(eq(orderItems.orderId, orders.id), ilike(orderItems.name, pattern)))),
        )!,
      );
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const order = {
      newest: [desc(orders.createdAt)],
      oldest: [asc(orders.createdAt)],
      'total-desc': [desc(orders.totalPaise), desc(orders.createdAt)],
      'total-asc': [asc(orders.totalPaise), desc(orders.createdAt)],
      status: [asc(orders.status), desc(orders.createdAt)],
    }[query.sort];
    const [rows, [{ total } = { total: 0 }], perStatus] = await Promise.all([
      this.deps.db.query.orders.findMany({ where, with: withLines, orderBy: order, limit: query.limit, offset: (query.page - 1) * query.limit }),
      this.deps.db.select({ total: count() }).from(orders).where(where),
      this.deps.db.select({ status: orders.status, total: count() }).from(orders).groupBy(orders.status),
    ]);
    const counts = Object.fromEntries([...ORDER_STATUSES, 'all'].map((status) => [status, 0])) as AdminOrderListResponse['counts'];
    for (const row of perStatus) {
      counts[row.status] = row.total;
      counts.all += row.total;
    }
    return {
      orders: rows.map(toOrderDto),
      counts,
      pagination: { page: query.page, limit: query.limit, total, pages: Math.max(1, Math.ceil(total / query.limit)) },
    };
  }

  /**
   * Any status may follow any other (the spec lets the admin correct mistakes); the lifecycle table decides what
   * stock and money do (cancelling gives the units back and opens a refund, reopening takes them again or is
   * refused with 409). Setting the status an order already has changes nothing.
   */
  async changeStatus(actor: Actor, idOrNumber: string, status: OrderStatus, note?: string): Promise<Order> {
    let stockMoved = false;
    const orderId = await this.deps.db.transaction(async (tx) => {
      const [before] = await tx.select().from(orders).where(byIdOrNumber(idOrNumber)).for('update');
      if (!before) throw notFoundRefusal(ORDER_NOT_FOUND);
      if (before.status === status) return before.id;

      let applied;
      try {
        applied = await this.deps.lifecycle.apply(tx, before, { type: 'admin-set-status', status, note: note ?? null }, actor);
      } catch (error) {
        if (error instanceof OrderLifecycleRefusal && error.shortfall) throw new OrderLifecycleRefusal(error.code, `This order cannot be reopened: ${error.shortfall.message}`, error.shortfall);
        throw error;
      }
      stockMoved = applied.stockMoved;
      const after = applied.order;
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'order.status',
        targetType: 'order',
        targetId: before.id,
        details: {
          orderNumber: before.orderNumber,
          before: { status: before.status, paymentStatus: before.paymentStatus },
          after: { status: after.status, paymentStatus: after.paymentStatus },
          note: note ?? null,
        },
      });
      return before.id;
    });
    if (stockMoved) this.deps.onStockChanged();
    return this.findFor({ id: '', role: 'admin' }, orderId);
  }

  async updateTracking(actor: Actor, idOrNumber: string, body: TrackingBody): Promise<Order> {
    const orderId = await this.deps.db.transaction(async (tx) => {
      const [before] = await tx.select().from(orders).where(byIdOrNumber(idOrNumber)).for('update');
      if (!before) throw notFoundRefusal(ORDER_NOT_FOUND);
      // Left empty, the date stays the one promised when the order was placed (older orders: 7 business days).
      const estimatedDelivery = body.estimatedDelivery ? new Date(body.estimatedDelivery) : (before.estimatedDelivery ?? addBusinessDays(before.createdAt, DEFAULT_DELIVERY_BUSINESS_DAYS));
      const [after] = await tx
        .update(orders)
        .set({ trackingNumber: body.trackingNumber, carrier: body.carrier, estimatedDelivery, trackingNotes: body.notes || null, updatedAt: this.deps.clock() })
        .where(eq(orders.id, before.id))
        .returning();
      const tracking = (row: OrderRow) => ({ trackingNumber: row.trackingNumber, carrier: row.carrier, estimatedDelivery: row.estimatedDelivery?.toISOString() ?? null, notes: row.trackingNotes });
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'order.tracking',
        targetType: 'order',
        targetId: before.id,
        details: { orderNumber: before.orderNumber, before: tracking(before), after: tracking(after!) },
      });
      await this.deps.mails.trackingChanged(tx, after!);
      await this.deps.notifications.notify(
        {
          userId: before.userId,
          type: 'order',
          title: 'Tracking Updated',
          message: `Tracking number ${body.trackingNumber} added to order ${before.orderNumber}`,
          actionUrl: `/orders/${before.orderNumber}`,
        },
        tx,
      );
      return before.id;
    });
    return this.findFor({ id: '', role: 'admin' }, orderId);
  }
}
