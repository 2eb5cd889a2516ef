import { and, eq, ne } from 'drizzle-orm';
import type { Order } from '../../../contracts/orders.ts';
import { customerCancelRefusal } from '../../../domain/customer-cancel.ts';
import { notFoundRefusal, Refusal } from '../../../domain/refusal.ts';
import type { Database } from '../../db/client.ts';
import { orders, shipments } from '../../db/schema/index.ts';
import type { OrderLifecycle } from '../orders/order-lifecycle.ts';
import { byIdOrNumber, type OrderService } from '../orders/order-service.ts';
import type { OrderRefunds, RefundTo } from './order-refunds.ts';

export interface CustomerCancellationDeps {
  db: Database;
  orders: OrderService;
  lifecycle: OrderLifecycle;
  refunds: OrderRefunds;
  /** Stock came back to the shelf: the storefront's cached catalogue must show it. */
  onStockChanged: () => void;
}

/**
 * A customer cancels their own paid order before it is dispatched, and the refund follows at once, where they
 * chose: back the way the money came, or onto their store credit (decision 0075). One transaction: the order is
 * cancelled (its units back on the shelf) and refunded, or, if the refund cannot be made, nothing changes.
 */
export class CustomerCancellation {
  constructor(private readonly deps: CustomerCancellationDeps) {}

  async cancel(customer: { id: string; name: string; role: string }, idOrNumber: string, refundTo: RefundTo): Promise<Order> {
    let stockMoved = false;
    const orderId = await this.deps.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(byIdOrNumber(idOrNumber)).for('update');
      if (!order || order.userId !== customer.id) throw notFoundRefusal('Order not found');
      const [parcel] = await tx
        .select({ id: shipments.id })
        .from(shipments)
        .where(and(eq(shipments.orderId, order.id), ne(shipments.status, 'cancelled')))
        .limit(1);
      const refused = customerCancelRefusal(order, Boolean(parcel));
      if (refused) throw new Refusal('conflict', refused);
      const cancelled = await this.deps.lifecycle.apply(tx, order, { type: 'cancel', note: 'Cancelled by the customer before dispatch' }, { id: customer.id, name: customer.name });
      stockMoved = cancelled.stockMoved;
      await this.deps.refunds.refundLocked(tx, cancelled.order, { id: customer.id, name: customer.name }, refundTo);
      return order.id;
    });
    if (stockMoved) this.deps.onStockChanged();
    return this.deps.orders.findFor(customer, orderId);
  }
}
