import { eq } from 'drizzle-orm';
import type { Order } from '../../../contracts/orders.ts';
import { formatPaise } from '../../../domain/money.ts';
import type { Database } from '../../db/client.ts';
import { orderStatusHistory, orders } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import type { PaymentProvider } from '../../payments/payment-provider.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { OrderMails } from './order-mails.ts';
import { byIdOrNumber, type Actor, type OrderService } from './order-service.ts';
import { askProvider } from './provider-calls.ts';

/**
 * One key per refund attempt: a retry of the same attempt gets Razorpay's first answer back, while a new attempt
 * after Razorpay reported the last refund as failed (whose id the order keeps) is a new request.
 */
function refundKey(order: { id: string; providerRefundId: string | null }): string {
  return order.providerRefundId ? `refund-${order.id}-after-${order.providerRefundId}` : `refund-${order.id}`;
}

/**
 * Gives a customer their money back for a paid order that was cancelled (by an admin, or because stock or a
 * coupon ran out while they paid): the order waits as 'refund_pending' until an admin refunds it here.
 */
export class OrderRefunds {
  constructor(
    private readonly db: Database,
    private readonly provider: PaymentProvider,
    private readonly orders: OrderService,
    private readonly notifications: NotificationService,
    private readonly mails: OrderMails,
    private readonly clock: () => Date,
  ) {}

  /**
   * The order row stays locked while the provider is asked, so two admins pressing Refund at once make one
   * request; the idempotency key (the order's id) makes even a retry after a lost answer refund only once.
   */
  async refund(actor: Actor, idOrNumber: string): Promise<Order> {
    const orderId = await this.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(byIdOrNumber(idOrNumber)).for('update');
      if (!order) throw notFound('Order not found');
      if (order.paymentStatus === 'refunded') throw new HttpError(409, `Order ${order.orderNumber} was already refunded (${order.providerRefundId ?? 'refund'})`);
      if (order.paymentStatus !== 'refund_pending') throw new HttpError(409, `Order ${order.orderNumber} is not waiting for a refund: only a cancelled paid order can be refunded`);
      if (!order.providerPaymentId) throw new HttpError(409, `Order ${order.orderNumber} has no payment to refund`);
      if (order.paymentProvider !== this.provider.name) {
        throw new HttpError(409, `Order ${order.orderNumber} was paid through ${order.paymentProvider}, which no longer takes this shop's payments; refund it from that account`);
      }

      const paymentId = order.providerPaymentId;
      const refund = await askProvider('The refund was not made', () =>
        this.provider.refund({ paymentId, amountPaise: order.totalPaise, idempotencyKey: refundKey(order), receipt: order.orderNumber }),
      );
      if (refund.status === 'failed') throw new HttpError(502, `The refund was not made: the payment provider reports refund ${refund.id} as failed`);

      const now = this.clock();
      const [refunded] = await tx
        .update(orders)
        .set({ paymentStatus: 'refunded', providerRefundId: refund.id, refundedAt: now, updatedAt: now })
        .where(eq(orders.id, order.id))
        .returning();
      await this.mails.refunded(tx, refunded!);
      await tx.insert(orderStatusHistory).values({
        orderId: order.id,
        status: order.status,
        note: `Refunded ${formatPaise(order.totalPaise)} (${refund.id})`,
        updatedBy: actor.name,
        actorId: actor.id,
        createdAt: now,
      });
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'order.refund',
        targetType: 'order',
        targetId: order.id,
        details: {
          orderNumber: order.orderNumber,
          before: { paymentStatus: order.paymentStatus },
          after: { paymentStatus: 'refunded', refundId: refund.id, amountPaise: order.totalPaise },
        },
      });
      await this.notifications.notify(
        {
          userId: order.userId,
          type: 'order',
          title: 'Refund Issued',
          message: `We have refunded ${formatPaise(order.totalPaise)} for order ${order.orderNumber} to the card you paid with. Banks usually take 5-7 working days to show it.`,
          actionUrl: `/orders/${order.orderNumber}`,
        },
        tx,
      );
      return order.id;
    });
    return this.orders.findFor({ id: '', role: 'admin' }, orderId);
  }

  /**
   * Razorpay's `refund.failed`: a refund it had accepted did not reach the customer. The order waits for a refund
   * again (keeping the failed refund's id, so the next attempt is a new request) and the admins are told.
   * Returns false for a refund this shop does not know or has already put back.
   */
  async markFailed(refundId: string, reason: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.providerRefundId, refundId)).for('update');
      if (!order || order.paymentStatus !== 'refunded') return false;
      const now = this.clock();
      await tx.update(orders).set({ paymentStatus: 'refund_pending', refundedAt: null, updatedAt: now }).where(eq(orders.id, order.id));
      await tx.insert(orderStatusHistory).values({ orderId: order.id, status: order.status, note: `Refund ${refundId} failed: ${reason}`.slice(0, 500), updatedBy: 'System', createdAt: now });
      await this.notifications.notify(
        {
          toAdmins: true,
          type: 'order',
          priority: 'high',
          title: 'Refund Failed',
          message: `Razorpay could not complete refund ${refundId} of ${formatPaise(order.totalPaise)} for order ${order.orderNumber} (${reason}). Refund it again from the order's detail.`,
          actionUrl: `/admin/orders?search=${order.orderNumber}`,
        },
        tx,
      );
      return true;
    });
  }
}
