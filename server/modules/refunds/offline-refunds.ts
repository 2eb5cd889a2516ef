import { and, eq } from 'drizzle-orm';
import type { Order } from '../../../contracts/orders.ts';
import type { RecordOfflineRefundBody } from '../../../contracts/offline-refunds.ts';
import { formatPaise } from '../../../domain/money.ts';
import { OFFLINE_REFUND_METHOD_LABELS, paidOnRefusal, refundedByTransfer } from '../../../domain/offline-refunds.ts';
import { shopDate } from '../../../domain/orders.ts';
import { fieldRefusal, notFoundRefusal, Refusal } from '../../../domain/refusal.ts';
import type { Database } from '../../db/client.ts';
import { offlineRefunds, orderReturns, orders } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';
import type { OrderLifecycle } from '../orders/order-lifecycle.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { byIdOrNumber, type Actor, type OrderService } from '../orders/order-service.ts';
import { refundBalancesPart } from '../balances/tenders.ts';

/** A UTR already recorded for another refund: found before writing, or by the unique index when two race. */
const utrTaken = (reference: string) => fieldRefusal('conflict', 'reference', `UTR ${reference} is already recorded for another refund`);

/** The refund id a transfer is known by in the lifecycle, its credit note and its e-mail. */
export const transferRefundId = (id: number) => `transfer-${id}`;

export interface OfflineRefundsDeps {
  db: Database;
  orders: OrderService;
  lifecycle: OrderLifecycle;
  notifications: NotificationService;
  clock: () => Date;
}

/**
 * Refunds of cash collected on delivery (domain/offline-refunds.ts): the shop transfers the money itself, an admin
 * records the transfer here (the lifecycle's 'refund-succeeded', so the order, the credit note, the customer's
 * notice and e-mail follow as for a refund through the provider), and the customer gives the UPI ID to pay to.
 */
export class OfflineRefunds {
  constructor(private readonly deps: OfflineRefundsDeps) {}

  /**
   * Records the transfer that paid refund `id`. The order row and then the refund's row are locked, so two admins
   * recording one refund at once make one record; the second is told it was recorded (409).
   */
  async recordPaid(admin: Actor, id: number, body: RecordOfflineRefundBody): Promise<{ order: Order; message: string }> {
    const { orderId, amountPaise, balancesPaise } = await this.deps.db
      .transaction((tx) => this.record(tx, admin, id, body))
      .catch((error: unknown) => {
        // Two refunds recorded at once with one UTR: the unique index lets one through, the other hears why.
        if (isUniqueViolation(error)) throw utrTaken(body.reference);
        throw error;
      });
    const order = await this.deps.orders.findFor({ id: '', role: 'admin' }, orderId);
    const onto = balancesPaise > 0 ? `, and put ${formatPaise(balancesPaise)} back onto its gift cards and store credit` : '';
    return {
      order,
      message: `Recorded the refund of ${formatPaise(amountPaise)} for order ${order.orderNumber}, sent by ${OFFLINE_REFUND_METHOD_LABELS[body.method]} (UTR ${body.reference})${onto}`,
    };
  }

  private async record(tx: Transaction, admin: Actor, id: number, body: RecordOfflineRefundBody): Promise<{ orderId: string; amountPaise: number; balancesPaise: number }> {
    const [peek] = await tx.select({ orderId: offlineRefunds.orderId }).from(offlineRefunds).where(eq(offlineRefunds.id, id));
    if (!peek) throw notFoundRefusal('Refund not found');
    const [order] = await tx.select().from(orders).where(eq(orders.id, peek.orderId)).for('update');
    const [refund] = await tx.select().from(offlineRefunds).where(eq(offlineRefunds.id, id)).for('update');
    if (!order || !refund) throw notFoundRefusal('Refund not found');
    if (refund.status === 'paid') throw new Refusal('conflict', `This refund of ${formatPaise(refund.amountPaise)} for order ${order.orderNumber} was already recorded as paid (UTR ${refund.reference})`);
    if (refund.status === 'withdrawn') throw new Refusal('conflict', `This refund for order ${order.orderNumber} is no longer owed`);
    const now = this.deps.clock();
    const late = paidOnRefusal(body.paidOn, shopDate(refund.createdAt), shopDate(now));
    if (late) throw fieldRefusal('invalid', 'paidOn', late);
    const [used] = await tx.select({ orderId: offlineRefunds.orderId }).from(offlineRefunds).where(eq(offlineRefunds.reference, body.reference));
    if (used) throw utrTaken(body.reference);

    const refundId = transferRefundId(refund.id);
    const transfer = { method: body.method, reference: body.reference };
    // The part gift cards and store credit paid goes back onto them now, with the transfer, as one refund
    // (docs/decisions/0087): the order counts the whole, and one credit note is issued for it. The order row is
    // locked and the refund was 'awaiting', so a second recording finds it paid and moves no balance again.
    const amountPaise = refund.amountPaise + refund.balancesPaise;
    await refundBalancesPart(tx, order, refund.balancesPaise, now, { actorId: admin.id, note: `Refund of order ${order.orderNumber} with transfer ${refundId}` });
    const toBalances = refund.balancesPaise > 0 ? { toBalancesPaise: refund.balancesPaise } : {};
    // A return's share credits the units that came back; the whole order's refund, everything still invoiced.
    const [fromReturn] = refund.returnId === null ? [] : await tx.select({ lines: orderReturns.lines }).from(orderReturns).where(eq(orderReturns.id, refund.returnId));
    const event = fromReturn
      ? ({ type: 'refund-succeeded', of: 'lines', amountPaise, refundId, transfer, returned: fromReturn.lines, ...toBalances } as const)
      : ({ type: 'refund-succeeded', of: 'order', amountPaise, refundId, transfer, ...toBalances } as const);
    await this.deps.lifecycle.apply(tx, order, event, admin, refund.returnId === null ? { set: { refundedAt: now } } : {});
    if (refund.returnId !== null) {
      await tx.update(orderReturns).set({ refundedAt: now, updatedAt: now }).where(and(eq(orderReturns.id, refund.returnId), eq(orderReturns.orderId, order.id)));
    }
    await tx
      .update(offlineRefunds)
      .set({ status: 'paid', method: body.method, reference: body.reference, paidOn: body.paidOn, recordedBy: admin.id, recordedAt: now })
      .where(eq(offlineRefunds.id, refund.id));
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'order.refund-transfer',
      targetType: 'order',
      targetId: order.id,
      details: {
        orderNumber: order.orderNumber,
        refund: refund.id,
        returnId: refund.returnId,
        amountPaise: refund.amountPaise,
        balancesPaise: refund.balancesPaise,
        method: body.method,
        reference: body.reference,
        paidOn: body.paidOn,
        before: { paymentStatus: order.paymentStatus, refundedPaise: order.refundedPaise },
      },
    });
    return { orderId: order.id, amountPaise: refund.amountPaise, balancesPaise: refund.balancesPaise };
  }

  /** The customer's UPI ID for the refund their order is waiting for; only while one is waiting to be sent. */
  async setUpiId(customer: Actor, idOrNumber: string, upiId: string): Promise<Order> {
    const orderId = await this.deps.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(byIdOrNumber(idOrNumber)).for('update');
      if (!order || order.userId !== customer.id) throw notFoundRefusal('Order not found');
      if (!refundedByTransfer(order)) throw fieldRefusal('conflict', 'upiId', `Order ${order.orderNumber} was paid online: its refunds go back to the card or account it was paid with`);
      const [waiting] = await tx
        .select({ id: offlineRefunds.id })
        .from(offlineRefunds)
        .where(and(eq(offlineRefunds.orderId, order.id), eq(offlineRefunds.status, 'awaiting')));
      if (!waiting) throw fieldRefusal('conflict', 'upiId', `Order ${order.orderNumber} has no refund waiting to be sent`);
      await tx.update(orders).set({ refundUpiId: upiId, updatedAt: this.deps.clock() }).where(eq(orders.id, order.id));
      // The admins wait for it to send the money.
      await this.deps.notifications.notify(
        {
          toStaffWith: 'orders.refund',
          type: 'order',
          title: 'UPI ID for Refund',
          message: `${order.customerName} gave ${upiId} for the refund of order ${order.orderNumber}: transfer it and record its UTR on the order.`,
          actionUrl: `/admin/orders?search=${order.orderNumber}`,
        },
        tx,
      );
      return order.id;
    });
    return this.deps.orders.findFor({ id: customer.id, role: 'customer' }, orderId);
  }
}
