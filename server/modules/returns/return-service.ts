import type { StockUnitsLine } from '../../../domain/sets.ts';
import { and, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { AdminReturnListQuery, OrderReturn, ReturnActionBody, ReturnRequestBody } from '../../../contracts/returns.ts';
import { owedToCustomer } from '../../../domain/order-lifecycle.ts';
import { formatPaise, paiseToRupees } from '../../../domain/money.ts';
import { billKeyOf, orderBillOf } from '../orders/order-bill.ts';
import { nextReturnStatus, RETURN_REASON_LABELS, RETURN_STATUS_NAMES, RETURN_STATUS_NAMES_FOR_CUSTOMERS, returnRefundPaise, returnRequestRefusal, type ReturnStatus } from '../../../domain/returns.ts';
import type { Database } from '../../db/client.ts';
import { offlineRefunds, orderItems, orderReturns, orders } from '../../db/schema/index.ts';
import { refundedByTransfer } from '../../../domain/offline-refunds.ts';
import { toOfflineRefundDto } from '../orders/order-dto.ts';
import { fieldRefusal, notFoundRefusal } from '../../../domain/refusal.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';
import type { OrderRow } from '../orders/order-dto.ts';
import type { PaymentProvider } from '../../payments/payment-provider.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { lifecycleStateOf, type OrderLifecycle } from '../orders/order-lifecycle.ts';
import { byIdOrNumber, type Actor } from '../orders/order-service.ts';
import { creditStoreCredit, ontoBalances, refundBalancesPart, refundToTenders, splitOrderRefund } from '../balances/tenders.ts';
import { BACK_ON_BALANCES, refundPartsOf, refundPartsText, refundTouchesBalances } from '../../../domain/balances.ts';
import { transferRefundSplit } from '../refunds/transfer-split.ts';
import { askProvider } from '../payments/provider-calls.ts';
import { claimReturnPhotos } from '../uploads/return-photos.ts';

type ReturnRow = typeof orderReturns.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

type OfflineRefundRow = typeof offlineRefunds.$inferSelect;
/** A refund as made: its id, the provider's status, and what of it went onto balances (empty when it failed). */
type MadeRefund = { id: string; status: string; onto: { toBalancesPaise?: number; toStoreCreditPaise?: number } };

/** Named for the customer and the back office: a received return of an order paid in cash waits for its transfer. */
const AWAITING_TRANSFER = 'Received — refund to be transferred';

function statusNameOf(row: ReturnRow, offline: OfflineRefundRow | null, names: Record<ReturnStatus, string>): string {
  if (row.status === 'received' && offline?.status === 'awaiting') return AWAITING_TRANSFER;
  return names[row.status];
}

function toReturnDto(
  row: ReturnRow,
  order: { orderNumber: string; customerName: string; refundUpiId: string | null; paymentMethod: string },
  items: readonly ItemRow[],
  offline: readonly OfflineRefundRow[] = [],
  names: Record<ReturnStatus, string> = RETURN_STATUS_NAMES,
): OrderReturn {
  // The newest refund for this return that is not withdrawn (one withdrawn became part of the order's refund).
  const refund = offline.filter((candidate) => candidate.returnId === row.id && candidate.status !== 'withdrawn').sort((a, b) => b.id - a.id)[0] ?? null;
  return {
    id: row.id,
    orderId: row.orderId,
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    status: row.status,
    statusName: statusNameOf(row, refund, names),
    reason: row.reason,
    reasonName: RETURN_REASON_LABELS[row.reason],
    note: row.note,
    photos: row.photos,
    lines: row.lines.map((line) => {
      const item = items.find((candidate) => candidate.id === line.orderItemId);
      return { orderItemId: line.orderItemId, name: item?.name ?? 'Unknown', size: item?.size ?? '', quantity: line.quantity };
    }),
    refundAmount: paiseToRupees(row.refundPaise),
    restocked: row.restocked,
    adminNote: row.adminNote,
    refundId: row.providerRefundId,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    refundTo: row.refundTo,
    offlineRefund: refund ? toOfflineRefundDto(refund) : null,
    refundUpiId: refund ? order.refundUpiId : null,
    refundByTransfer: refundedByTransfer(order),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const REFUSAL_OF_STATUS = { 400: 'invalid', 409: 'conflict' } as const;

export interface ReturnServiceDeps {
  db: Database;
  provider: PaymentProvider;
  lifecycle: OrderLifecycle;
  clock: () => Date;
  windowDays: number;
  onStockChanged: () => void;
}

/**
 * Returns of delivered orders: the customer's request, and the back office's approve, reject and receive. Every
 * step goes through the order lifecycle (history, notices, e-mails, restocking, the partial refund), in one
 * transaction with the order row locked, so two requests for the same units, or two admins receiving one return,
 * queue up and the later one finds the first done.
 */
export class ReturnService {
  constructor(private readonly deps: ReturnServiceDeps) {}

  async request(customer: Actor, idOrNumber: string, body: ReturnRequestBody): Promise<OrderReturn> {
    return this.deps.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(byIdOrNumber(idOrNumber)).for('update');
      if (!order || order.userId !== customer.id) throw notFoundRefusal('Order not found');
      const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
      const returning = await this.unitsReturning(tx, order.id);
      const refused = returnRequestRefusal({ order, items, returning, lines: body.lines, now: this.deps.clock(), windowDays: this.deps.windowDays });
      if (refused) throw fieldRefusal(REFUSAL_OF_STATUS[refused.status], refused.field, refused.message);
      if (!(await claimReturnPhotos(tx, customer.id, body.photos ?? []))) {
        throw fieldRefusal('invalid', 'photos', 'photos must be pictures you uploaded for this return in the last 24 hours; please upload them again');
      }
      const keyed = items.map((item) => ({ ...item, key: billKeyOf(item) }));
      const refundPaise = Math.min(returnRefundPaise(orderBillOf(order, items), keyed, body.lines), owedToCustomer(lifecycleStateOf(order)));
      const now = this.deps.clock();
      const [row] = await tx
        .insert(orderReturns)
        .values({ orderId: order.id, userId: customer.id, reason: body.reason, note: body.note || null, photos: body.photos ?? [], lines: body.lines, refundPaise, refundTo: body.refundTo ?? 'original', createdAt: now, updatedAt: now })
        .returning();
      const units = body.lines.reduce((sum, line) => sum + line.quantity, 0);
      await this.deps.lifecycle.apply(
        tx,
        order,
        {
          type: 'return-requested',
          note: `Return of ${units} ${units === 1 ? 'potion' : 'potions'} requested (${RETURN_REASON_LABELS[body.reason]}); we will reply within 2 working days. Refund due once it is back: ${formatPaise(refundPaise)}.`,
        },
        customer,
        { returned: { returnId: row!.id, lines: [], statusName: RETURN_STATUS_NAMES.requested, refundPaise } },
      );
      return toReturnDto(row!, order, items);
    });
  }

  async forOrder(viewer: { id: string; role: string }, idOrNumber: string): Promise<OrderReturn[]> {
    const [order] = await this.deps.db.select().from(orders).where(byIdOrNumber(idOrNumber));
    if (!order || (order.userId !== viewer.id && viewer.role !== 'admin')) throw notFoundRefusal('Order not found');
    const [rows, items, offline] = await Promise.all([
      this.deps.db.select().from(orderReturns).where(eq(orderReturns.orderId, order.id)).orderBy(desc(orderReturns.createdAt)),
      this.deps.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)),
      this.deps.db.select().from(offlineRefunds).where(eq(offlineRefunds.orderId, order.id)),
    ]);
    // The order's page: the customer's wording, also when an admin looks at it as the customer sees it.
    return rows.map((row) => toReturnDto(row, order, items, offline, RETURN_STATUS_NAMES_FOR_CUSTOMERS));
  }

  async adminList(query: AdminReturnListQuery) {
    const where: SQL | undefined = query.status === 'all' ? undefined : eq(orderReturns.status, query.status);
    const [rows, [{ total } = { total: 0 }], perStatus] = await Promise.all([
      this.deps.db
        .select({ row: orderReturns, orderNumber: orders.orderNumber, customerName: orders.customerName, refundUpiId: orders.refundUpiId, paymentMethod: orders.paymentMethod })
        .from(orderReturns)
        .innerJoin(orders, eq(orders.id, orderReturns.orderId))
        .where(where)
        .orderBy(desc(orderReturns.createdAt))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      this.deps.db.select({ total: count() }).from(orderReturns).where(where),
      this.deps.db.select({ status: orderReturns.status, total: count() }).from(orderReturns).groupBy(orderReturns.status),
    ]);
    const orderIds = [...new Set(rows.map((entry) => entry.row.orderId))];
    const [items, offline] = rows.length
      ? await Promise.all([
          this.deps.db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)),
          this.deps.db.select().from(offlineRefunds).where(inArray(offlineRefunds.orderId, orderIds)),
        ])
      : [[], []];
    const counts: Record<ReturnStatus | 'all', number> = { all: 0, requested: 0, approved: 0, rejected: 0, received: 0, refund_failed: 0 };
    for (const entry of perStatus) {
      counts[entry.status] = entry.total;
      counts.all += entry.total;
    }
    return {
      returns: rows.map((entry) => toReturnDto(entry.row, entry, items, offline)),
      counts,
      pagination: { page: query.page, limit: query.limit, total, pages: Math.max(1, Math.ceil(total / query.limit)) },
    };
  }

  /**
   * Approve (pickup instructions), reject (a reason) or receive: the units go back on the shelf (or are written off)
   * and the returned lines' share is refunded through the provider, keyed by the return, so a retry refunds once.
   */
  async act(admin: Actor, id: number, body: ReturnActionBody): Promise<OrderReturn> {
    let restocked = false;
    const result = await this.deps.db.transaction(async (tx) => {
      const [peek] = await tx.select({ orderId: orderReturns.orderId }).from(orderReturns).where(eq(orderReturns.id, id));
      if (!peek) throw notFoundRefusal('Return not found');
      // The order first, as a customer's request locks it, then the return.
      const [order] = await tx.select().from(orders).where(eq(orders.id, peek.orderId)).for('update');
      const [row] = await tx.select().from(orderReturns).where(eq(orderReturns.id, id)).for('update');
      if (!order || !row) throw notFoundRefusal('Return not found');
      const step = nextReturnStatus(row.status, body.action);
      if (!step.ok) throw fieldRefusal('conflict', 'action', step.message);
      const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
      const now = this.deps.clock();
      const note = body.note || null;
      const returned = { returnId: row.id, lines: [] as StockUnitsLine[], statusName: RETURN_STATUS_NAMES[step.status], refundPaise: row.refundPaise };
      const changes: Partial<ReturnRow> = { status: step.status, adminNote: note ?? row.adminNote, updatedAt: now };

      if (body.action === 'approve') {
        const pickup = note ?? 'Our courier will collect the parcel within 3 working days; please keep the potions in their box.';
        changes.adminNote = pickup;
        await this.deps.lifecycle.apply(tx, order, { type: 'return-approved', note: `Your return for order ${order.orderNumber} is approved. ${pickup}` }, admin, { returned });
      } else if (body.action === 'reject') {
        await this.deps.lifecycle.apply(tx, order, { type: 'return-rejected', note: `Your return for order ${order.orderNumber} was not accepted: ${note}` }, admin, { returned });
      } else if (body.action === 'receive') {
        const restock = body.restock ?? true;
        returned.lines = row.lines.flatMap((line) => {
          const item = items.find((candidate) => candidate.id === line.orderItemId);
          // A returned set puts its components back, as many as it took when it was sold.
          return item ? [{ productId: item.productId, quantity: line.quantity, name: item.name, components: item.components }] : [];
        });
        const amountPaise = Math.min(row.refundPaise, owedToCustomer(lifecycleStateOf(order)));
        // Cash collected on delivery has no payment to refund: the shop transfers the cash part of the share
        // (refund-owed, below), and the part gift cards and store credit paid goes back onto them when the transfer
        // is recorded; a share that is all the balances' goes back onto them now (docs/decisions/0087).
        const split = refundedByTransfer(order) && amountPaise > 0 ? await transferRefundSplit(tx, order, amountPaise) : null;
        const byTransfer = split !== null && split.transferPaise > 0;
        const toBalancesPaise = split && !byTransfer ? split.balancesPaise : 0;
        const refund = split
          ? byTransfer
            ? null
            : await this.refundOntoBalances(tx, order, row, split.balancesPaise, admin)
          : amountPaise > 0
            ? await this.askRefund(tx, order, row, amountPaise)
            : null;
        if (byTransfer) returned.statusName = AWAITING_TRANSFER;
        const onto = (paise: number) => `${formatPaise(paise)} ${BACK_ON_BALANCES}`;
        // What went onto balances is said apart from the money, as it was made (the split the refund executed).
        const parts = refund && refund.status !== 'failed' ? refundPartsOf(amountPaise, refund.onto) : null;
        const refunded = byTransfer
          ? `; we will transfer your refund of ${formatPaise(split.transferPaise)} to your UPI ID or bank account (add your UPI ID on your order's page)${split.balancesPaise > 0 ? `, and put ${onto(split.balancesPaise)} when we send it` : ''}`
          : toBalancesPaise > 0
            ? ` and put ${onto(toBalancesPaise)}`
            : refund?.status === 'failed'
              ? `; your refund of ${formatPaise(amountPaise)} is delayed and we are seeing to it`
              : parts && refundTouchesBalances(parts)
                ? ` and refunded ${refundPartsText(parts)}`
                : amountPaise > 0
                  ? ` and refunded ${formatPaise(amountPaise)}`
                  : '';
        const received = await this.deps.lifecycle.apply(
          tx,
          order,
          { type: 'return-received', restock, note: `We received your return for order ${order.orderNumber}${refunded}.${note ? ` ${note}` : ''}` },
          admin,
          { returned },
        );
        if (byTransfer) {
          await this.deps.lifecycle.apply(tx, received.order, { type: 'refund-owed', amountPaise }, admin, { returned });
          Object.assign(changes, { providerRefundId: null, refundedAt: null });
        } else {
          await this.settleRefund(tx, received.order, row, refund, amountPaise, admin, changes);
        }
        Object.assign(changes, { restocked: restock, refundPaise: amountPaise });
        restocked = restock;
      } else {
        // The refund failed before: a new request, keyed after the failed one, so a retry of this retry refunds once.
        const amountPaise = Math.min(row.refundPaise, owedToCustomer(lifecycleStateOf(order)));
        const refund = await this.askRefund(tx, order, row, amountPaise);
        await this.settleRefund(tx, order, row, refund, amountPaise, admin, changes);
      }
      const [after] = await tx.update(orderReturns).set(changes).where(eq(orderReturns.id, row.id)).returning();
      await recordAudit(tx, {
        actorId: admin.id,
        action: `return.${body.action}`,
        targetType: 'return',
        targetId: String(row.id),
        details: {
          orderNumber: order.orderNumber,
          before: { status: row.status },
          after: { status: after!.status, restocked: after!.restocked, refundId: after!.providerRefundId, refundPaise: after!.refundPaise },
          note,
        },
      });
      const offline = await tx.select().from(offlineRefunds).where(eq(offlineRefunds.orderId, order.id));
      // The UPI ID is as read: only a customer's update writes it, and that locks this order row too.
      return toReturnDto(after!, order, items, offline);
    });
    if (restocked) this.deps.onStockChanged();
    return result;
  }

  /**
   * Razorpay's `refund.failed` for a return's refund: the order owes that amount again (the lifecycle's
   * 'refund-failed' of lines), the return waits in the queue as 'refund failed' and the admins are told.
   * False for a refund that is no return's, or whose failure was already recorded.
   */
  async markRefundFailed(refundId: string, reason: string, amountPaise?: number): Promise<boolean> {
    return this.deps.db.transaction(async (tx) => {
      const [peek] = await tx.select({ orderId: orderReturns.orderId }).from(orderReturns).where(eq(orderReturns.providerRefundId, refundId));
      if (!peek) return false;
      const [order] = await tx.select().from(orders).where(eq(orders.id, peek.orderId)).for('update');
      const [row] = await tx.select().from(orderReturns).where(eq(orderReturns.providerRefundId, refundId)).for('update');
      if (!order || !row || row.status !== 'received' || !row.refundedAt) return false;
      const failed = Math.min(amountPaise && amountPaise > 0 ? amountPaise : row.refundPaise, row.refundPaise, order.refundedPaise);
      if (failed <= 0) return false;
      await this.deps.lifecycle.apply(tx, order, { type: 'refund-failed', of: 'lines', amountPaise: failed, refundId, reason: reason.slice(0, 400) }, null, {
        returned: { returnId: row.id, lines: [], statusName: RETURN_STATUS_NAMES.refund_failed, refundPaise: failed },
      });
      await tx.update(orderReturns).set({ status: 'refund_failed', refundedAt: null, updatedAt: this.deps.clock() }).where(eq(orderReturns.id, row.id));
      return true;
    });
  }

  /**
   * Asks the provider to refund a return's lines, keyed by the return (and by the failed refund it replaces), so
   * asking twice refunds once. A provider that cannot be reached or refuses the request is a 502 and nothing is
   * written; a refund it makes but reports as failed is settled as a failed refund.
   */
  private async askRefund(tx: Transaction, order: OrderRow, row: ReturnRow, amountPaise: number) {
    // What the provider collected goes back through it first; the rest onto the order's gift cards and store credit.
    const split = await splitOrderRefund(tx, order, amountPaise);
    const onto = ontoBalances(split, row.refundTo);
    // The customer chose store credit: what they paid goes onto it now, and the provider is not asked.
    if (row.refundTo === 'store-credit') {
      this.deps.lifecycle.check(order, { type: 'refund-succeeded', of: 'lines', amountPaise, refundId: '' });
      const now = this.deps.clock();
      await creditStoreCredit(tx, order, split.collectedPaise, `Refund of return ${row.id} to store credit, as asked`, now);
      await refundToTenders(tx, order, split.balances, now);
      return { id: `store-credit-return-${row.id}`, status: 'processed', onto };
    }
    if (split.collectedPaise > 0 && (!order.providerPaymentId || order.paymentProvider !== this.deps.provider.name)) {
      throw fieldRefusal('conflict', 'action', `Order ${order.orderNumber} was not paid through this shop's payment provider; refund it from that account`);
    }
    this.deps.lifecycle.check(order, { type: 'refund-succeeded', of: 'lines', amountPaise, refundId: '' });
    const idempotencyKey = row.providerRefundId ? `return-${row.id}-after-${row.providerRefundId}` : `return-${row.id}`;
    const paymentId = order.providerPaymentId!;
    const refund =
      split.collectedPaise > 0
        ? await askProvider('The refund was not made', () => this.deps.provider.refund({ paymentId, amountPaise: split.collectedPaise, idempotencyKey, receipt: `${order.orderNumber}-R${row.id}` }))
        : { id: `balances-${idempotencyKey}`, status: 'processed' };
    if (refund.status === 'failed') return { id: refund.id, status: refund.status, onto: {} };
    await refundToTenders(tx, order, split.balances, this.deps.clock());
    return { id: refund.id, status: refund.status, onto };
  }

  /**
   * A return of a cash-on-delivery order whose share is all what gift cards and store credit paid: no transfer to
   * wait for, so it goes back onto them now, as a balances-only refund of an order paid online (docs/decisions/0087).
   */
  private async refundOntoBalances(tx: Transaction, order: OrderRow, row: ReturnRow, amountPaise: number, admin: Actor) {
    this.deps.lifecycle.check(order, { type: 'refund-succeeded', of: 'lines', amountPaise, refundId: '' });
    await refundBalancesPart(tx, order, amountPaise, this.deps.clock(), { actorId: admin.id, note: `Refund of return ${row.id}` });
    return { id: `balances-return-${row.id}`, status: 'processed', onto: { toBalancesPaise: amountPaise } };
  }

  /**
   * Books the provider's answer: the lines refunded, or the refund declined and the return left needing attention.
   * `refund.onto`: what of it went onto gift cards and store credit, as made, for the lifecycle to say apart.
   */
  private async settleRefund(
    tx: Transaction,
    order: OrderRow,
    row: ReturnRow,
    refund: MadeRefund | null,
    amountPaise: number,
    admin: Actor,
    changes: Partial<ReturnRow>,
  ): Promise<void> {
    if (!refund) {
      Object.assign(changes, { providerRefundId: null, refundedAt: null });
      return;
    }
    const returned = { returnId: row.id, lines: [], statusName: RETURN_STATUS_NAMES.refund_failed, refundPaise: amountPaise };
    if (refund.status === 'failed') {
      await this.deps.lifecycle.apply(tx, order, { type: 'refund-declined', amountPaise, refundId: refund.id, reason: 'the payment provider reports it as failed' }, admin, { returned });
      Object.assign(changes, { status: 'refund_failed', providerRefundId: refund.id, refundedAt: null });
      return;
    }
    await this.deps.lifecycle.apply(
      tx,
      order,
      { type: 'refund-succeeded', of: 'lines', amountPaise, refundId: refund.id, returned: row.lines, ...refund.onto },
      admin,
    );
    Object.assign(changes, { providerRefundId: refund.id, refundedAt: this.deps.clock() });
  }

  /** Units of each order line already in a return that was not rejected. */
  private async unitsReturning(tx: Transaction, orderId: string): Promise<Map<number, number>> {
    const open = await tx.select({ lines: orderReturns.lines }).from(orderReturns).where(and(eq(orderReturns.orderId, orderId), ne(orderReturns.status, 'rejected')));
    const units = new Map<number, number>();
    for (const entry of open) for (const line of entry.lines) units.set(line.orderItemId, (units.get(line.orderItemId) ?? 0) + line.quantity);
    return units;
  }
}
