import { and, eq, sql } from 'drizzle-orm';
import type { Order } from '../../../contracts/orders.ts';
import { refundedByTransfer } from '../../../domain/offline-refunds.ts';
import { owedToCustomer } from '../../../domain/order-lifecycle.ts';
import type { Database } from '../../db/client.ts';
import { balanceEntries, orders } from '../../db/schema/index.ts';
import { notFoundRefusal, Refusal } from '../../../domain/refusal.ts';
import type { PaymentProvider } from '../../payments/payment-provider.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { lifecycleStateOf, type OrderLifecycle } from '../orders/order-lifecycle.ts';
import { byIdOrNumber, type Actor, type OrderService } from '../orders/order-service.ts';
import { askProvider } from '../payments/provider-calls.ts';
import { creditStoreCredit, ontoBalances, refundToTenders, splitOrderRefund } from '../balances/tenders.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';

type OrderRow = typeof orders.$inferSelect;

/** Where a refund goes: back the way the money came (decision 0068), or its provider part onto store credit (0075). */
export type RefundTo = 'original' | 'store-credit';

/**
 * One key per refund attempt: a retry of the same attempt gets Razorpay's first answer back, while a new attempt
 * after Razorpay reported the last refund as failed (whose id the order keeps) is a new request.
 */
function refundKey(order: { id: string; providerRefundId: string | null }): string {
  return order.providerRefundId ? `refund-${order.id}-after-${order.providerRefundId}` : `refund-${order.id}`;
}

/**
 * The provider's payment a refund of `order` goes back to: refused (409) when it has none, or was paid through a
 * provider this shop no longer takes payments with (its refund is then made from that account).
 */
export function providerPaymentOf(order: Pick<OrderRow, 'orderNumber' | 'providerPaymentId' | 'paymentProvider'>, provider: PaymentProvider['name']): string {
  if (!order.providerPaymentId) throw new Refusal('conflict', `Order ${order.orderNumber} has no payment to refund`);
  if (order.paymentProvider !== provider) {
    throw new Refusal('conflict', `Order ${order.orderNumber} was paid through ${order.paymentProvider}, which no longer takes this shop's payments; refund it from that account`);
  }
  return order.providerPaymentId;
}

export interface OrderRefundsDeps {
  db: Database;
  provider: PaymentProvider;
  orders: OrderService;
  lifecycle: OrderLifecycle;
  clock: () => Date;
}

/**
 * Gives a customer their money back for a paid order that was cancelled (by an admin, or because stock or a
 * coupon ran out while they paid): the order waits as 'refund_pending' until an admin refunds it here.
 */
export class OrderRefunds {
  constructor(private readonly deps: OrderRefundsDeps) {}

  /**
   * The order row stays locked while the provider is asked, so two admins pressing Refund at once make one
   * request; the idempotency key (the order's id) makes even a retry after a lost answer refund only once.
   */
  async refund(actor: Actor, idOrNumber: string): Promise<Order> {
    const orderId = await this.deps.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(byIdOrNumber(idOrNumber)).for('update');
      if (!order) throw notFoundRefusal('Order not found');
      await this.refundLocked(tx, order, actor, 'original');
      return order.id;
    });
    return this.deps.orders.findFor({ id: '', role: 'admin' }, orderId);
  }

  /**
   * Refunds a cancelled paid order whatever it still owes, inside the caller's transaction with the order row
   * locked: the provider's part back through the provider (or, with `store-credit`, onto the customer's store
   * credit at once), the balances' parts back onto them; then the lifecycle's 'refund-succeeded' and the audit.
   */
  async refundLocked(tx: Transaction, order: OrderRow, actor: Actor, refundTo: RefundTo): Promise<void> {
    const amountPaise = owedToCustomer(lifecycleStateOf(order));
    // Asked of the table before the provider: a refund the order cannot take is never sent.
    this.deps.lifecycle.check(order, { type: 'refund-succeeded', of: 'order', amountPaise, refundId: '' });
    if (refundedByTransfer(order)) {
      throw new Refusal('conflict', `Order ${order.orderNumber} was paid in cash on delivery: transfer its refund by UPI or bank transfer and record the UTR on the order`);
    }
    // What the provider collected goes back through it; what gift cards and store credit paid, back onto them.
    const split = await splitOrderRefund(tx, order, amountPaise);
    const now = this.deps.clock();
    let refund = { id: `balances-${order.id}`, status: 'processed' };
    if (refundTo === 'store-credit') {
      await creditStoreCredit(tx, order, split.collectedPaise, `Refund of order ${order.orderNumber} to store credit, as asked`, now);
      refund = { id: `store-credit-order-${order.id}`, status: 'processed' };
    } else if (split.collectedPaise > 0) {
      const paymentId = providerPaymentOf(order, this.deps.provider.name);
      const collectedPaise = split.collectedPaise;
      refund = await askProvider('The refund was not made', () =>
        this.deps.provider.refund({ paymentId, amountPaise: collectedPaise, idempotencyKey: refundKey(order), receipt: order.orderNumber }),
      );
      if (refund.status === 'failed') throw new Refusal('provider-failed', `The refund was not made: the payment provider reports refund ${refund.id} as failed`);
    }
    await refundToTenders(tx, order, split.balances, now, { actorId: actor.id });

    // The lifecycle is told where the refund went, as made, so the customer is never promised the card for all of it.
    const onto = ontoBalances(split, refundTo);
    await this.deps.lifecycle.apply(tx, order, { type: 'refund-succeeded', of: 'order', amountPaise, refundId: refund.id, ...onto }, actor, {
      set: { providerRefundId: refund.id, refundedAt: now },
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'order.refund',
      targetType: 'order',
      targetId: order.id,
      details: {
        orderNumber: order.orderNumber,
        before: { paymentStatus: order.paymentStatus },
        after: { paymentStatus: 'refunded', refundId: refund.id, amountPaise, refundTo },
      },
    });
  }

  /**
   * Razorpay's `refund.failed`: a refund it had accepted did not reach the customer. The order waits for a refund
   * again (keeping the failed refund's id, so the next attempt is a new request) and the admins are told.
   * Returns false for a refund this shop does not know or has already put back.
   */
  async markFailed(refundId: string, reason: string, amountPaise?: number): Promise<boolean> {
    return this.deps.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.providerRefundId, refundId)).for('update');
      if (!order || order.paymentStatus !== 'refunded') return false;
      // Razorpay's event says how much of the refund failed. Without it, only what went back through the provider
      // can have failed: what the refunds put onto gift cards and store credit (the ledger's refund entries naming
      // the order) is already there, and counting it would send the balances' share to the card on the retry.
      const throughProvider = order.refundedPaise - (await refundedOntoBalances(tx, order.id));
      const failed = Math.max(0, Math.min(amountPaise && amountPaise > 0 ? amountPaise : throughProvider, throughProvider));
      if (failed === 0) return false;
      await this.deps.lifecycle.apply(tx, order, { type: 'refund-failed', of: 'order', amountPaise: failed, refundId, reason: reason.slice(0, 400) }, null, { set: { refundedAt: null } });
      return true;
    });
  }
}

/** What an order's refunds put onto balances, gift cards and store credit alike: the ledger's refund entries naming it. */
async function refundedOntoBalances(tx: Transaction, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ paise: sql<string | null>`sum(${balanceEntries.amountPaise})` })
    .from(balanceEntries)
    .where(and(eq(balanceEntries.orderId, orderId), eq(balanceEntries.reason, 'refund')));
  return Number(row?.paise ?? 0);
}
