import { and, asc, eq, ne } from 'drizzle-orm';
import type { LifecycleEvent } from '../../../domain/order-lifecycle.ts';
import { moveShipment, orderStatusFromShipments, shipmentsVerdict, SHIPMENT_STATUS_NAMES, type ShipmentStatus } from '../../../domain/shipments.ts';
import { orders, shipmentEvents, shipments } from '../../db/schema/index.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';
import type { EmailOutbox } from '../mail/email-outbox.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { OrderRow } from '../orders/order-dto.ts';
import { OrderLifecycleRefusal, type LifecycleActor, type OrderLifecycle } from '../orders/order-lifecycle.ts';
import type { TrackingEvent } from '../../couriers/shipping-provider.ts';

export type ShipmentRow = typeof shipments.$inferSelect;
export type ReportSource = 'webhook' | 'poll' | 'admin' | 'booking' | 'customer';

/**
 * The one writer of a shipment's status. Each step is checked against the shipment table (domain/shipments.ts),
 * kept in the shipment's timeline, and then the order follows its shipments through the order's lifecycle table,
 * in the same transaction. Callers lock the order row first and the shipment rows after it, always in that order.
 */
export class ShipmentProgress {
  /** The stock moved by an order event applied here (a return to origin restocks): the catalogue must hear of it. */
  stockMoved = false;
  /** Other channels (WhatsApp) told of a failed attempt, in its transaction, after the e-mail and the notices. */
  private readonly failedAttemptHooks: ((tx: Transaction, order: OrderRow, shipment: ShipmentRow) => Promise<void>)[] = [];

  constructor(
    private readonly lifecycle: OrderLifecycle,
    private readonly notifications: NotificationService,
    private readonly outbox: EmailOutbox,
    private readonly clock: () => Date,
    private readonly onStockChanged: () => void,
  ) {}

  /**
   * Records the courier's scans (oldest first) for a locked shipment. A scan seen before (same courier status and
   * time) is skipped; one older than the latest applied is kept in the timeline but moves nothing, as does one the
   * table refuses. Answers whether any scan was new.
   */
  async record(
    tx: Transaction,
    order: OrderRow,
    shipment: ShipmentRow,
    reports: readonly TrackingEvent[],
    source: ReportSource,
    actor: LifecycleActor = null,
    siblings?: readonly ShipmentRow[],
  ): Promise<{ fresh: boolean; shipment: ShipmentRow }> {
    let current = { ...shipment };
    let fresh = false;
    let moved = false;
    const now = this.clock();
    for (const report of [...reports].sort((a, b) => a.at.getTime() - b.at.getTime())) {
      const [kept] = await tx
        .insert(shipmentEvents)
        .values({ shipmentId: shipment.id, status: report.status, courierStatus: report.courierStatus, activity: report.activity, location: report.location, eventAt: report.at, source, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: shipmentEvents.id });
      if (!kept) continue;
      fresh = true;
      if (!report.status) continue;
      // Only the courier's own clock orders its reports: the shop's steps (booked, pickup asked) are stamped by
      // the shop's clock, and a scan the courier timed a little before them must still count.
      if (source === 'webhook' || source === 'poll') {
        if (current.lastCourierEventAt && report.at < current.lastCourierEventAt) continue;
        current.lastCourierEventAt = report.at;
      }
      const move = moveShipment(current.status, report.status);
      if (!move.ok) continue;
      moved = true;
      current = { ...current, status: move.to, ...this.ndrFields(current, move.to, report) };
      if (move.to === 'undelivered') await this.tellOfFailedAttempt(tx, order, current);
    }
    const [saved] = await tx
      .update(shipments)
      .set({ status: current.status, lastCourierEventAt: current.lastCourierEventAt, ndrReason: current.ndrReason, ndrAttempts: current.ndrAttempts, ndrAction: current.ndrAction, lastEventAt: now, updatedAt: now })
      .where(eq(shipments.id, shipment.id))
      .returning();
    // The order's parcels as they now stand, when the caller locked and read them all: no second read.
    const known = siblings?.map((row) => (row.id === saved!.id ? saved! : row));
    if (moved) await this.followShipments(tx, order, actor, known);
    return { fresh, shipment: saved! };
  }

  onFailedAttempt(hook: (tx: Transaction, order: OrderRow, shipment: ShipmentRow) => Promise<void>): void {
    this.failedAttemptHooks.push(hook);
  }

  /** A step the shop itself takes (booked, pickup asked, cancelled, an admin's word): one report stamped now. */
  async step(tx: Transaction, order: OrderRow, shipment: ShipmentRow, status: ShipmentStatus, source: ReportSource, note: string, actor: LifecycleActor = null): Promise<ShipmentRow> {
    return (await this.record(tx, order, shipment, [{ status, courierStatus: `${source}:${status}`, activity: note, location: '', at: this.clock() }], source, actor)).shipment;
  }

  private ndrFields(shipment: ShipmentRow, to: ShipmentStatus, report: TrackingEvent): Partial<ShipmentRow> {
    if (to === 'undelivered') return { ndrReason: report.activity || 'The courier could not deliver', ndrAttempts: shipment.ndrAttempts + 1, ndrAction: null };
    if (to === 'delivered' || to === 'rto-initiated' || to === 'rto-delivered') return { ndrReason: null };
    return {};
  }

  /** The customer hears of a failed attempt at once, with the link to choose what the courier does next. */
  private async tellOfFailedAttempt(tx: Transaction, order: OrderRow, shipment: ShipmentRow): Promise<void> {
    // A receipt-like notice about goods on their way, sent whatever the customer's e-mail preferences: the parcel
    // goes back to the shop unless they answer. One e-mail per attempt.
    await this.outbox.enqueue(tx, {
      template: 'delivery-failed',
      to: order.customerEmail,
      data: { orderNumber: order.orderNumber, customerName: order.customerName, courierName: shipment.courierName ?? 'The courier', awb: shipment.awb ?? '', reason: shipment.ndrReason ?? '', attempt: shipment.ndrAttempts },
      dedupeKey: `delivery-failed:${shipment.id}:${shipment.ndrAttempts}`,
      category: 'transactional',
    });
    await this.notifications.notifyAll(
      [
        {
          userId: order.userId,
          type: 'order',
          priority: 'high',
          title: 'Delivery Attempt Failed',
          message: `The courier could not deliver order ${order.orderNumber} (${shipment.ndrReason}). Choose a new day, or correct your phone or address, so they try again.`,
          actionUrl: `/orders/${order.orderNumber}#delivery`,
        },
        {
          toStaffWith: 'orders.fulfil',
          type: 'order',
          title: 'Failed Delivery (NDR)',
          message: `Order ${order.orderNumber}, AWB ${shipment.awb}: ${shipment.ndrReason}. It waits in the NDR queue.`,
          actionUrl: `/admin/shipments?queue=ndr`,
        },
      ],
      tx,
    );
    for (const hook of this.failedAttemptHooks) await hook(tx, order, shipment);
  }

  /**
   * Moves the locked order to what its shipments now say (domain/shipments.ts), through its lifecycle table: the
   * same e-mails, notices, stock and tax documents as when an admin sets the status. Cash on delivery delivered is
   * cash collected; every parcel back at the shop ends the order (not collected, or cancelled with a refund).
   */
  async followShipments(tx: Transaction, order: OrderRow, actor: LifecycleActor, known?: readonly Pick<ShipmentRow, 'status' | 'awb' | 'courierName'>[]): Promise<OrderRow> {
    const rows = known
      ? known.filter((row) => row.status !== 'cancelled')
      : await tx.select({ status: shipments.status, awb: shipments.awb, courierName: shipments.courierName }).from(shipments).where(and(eq(shipments.orderId, order.id), ne(shipments.status, 'cancelled')));
    const verdict = orderStatusFromShipments(order.status, shipmentsVerdict(rows.map((row) => row.status)));
    if (!verdict) return order;
    const parcels = rows.map((row) => (row.awb ? `${row.courierName ?? 'courier'} ${row.awb}` : 'awaiting courier')).join(', ');
    const cod = order.paymentStatus === 'cod_pending';
    const now = this.clock();
    let event: LifecycleEvent;
    let set: Partial<OrderRow> = {};
    if (verdict.kind === 'returned-to-origin') {
      event = cod ? { type: 'cod-returned-to-origin', note: `the courier brought back ${parcels}` } : { type: 'cancel', note: `Returned to origin by the courier (${parcels}); a full refund is due` };
      if (cod) set = { codReturnedAt: now };
    } else if (cod && verdict.status === 'delivered') {
      event = { type: 'cod-collected' };
      set = { codCollectedAt: now };
    } else {
      event = { type: 'shipments-moved', status: verdict.status, note: `${SHIPMENT_STATUS_NAMES[statusOfOrder(verdict.status)]} (${parcels})` };
    }
    // The order's own tracking fields (its e-mails and page show them) name the first parcel the courier has.
    const tracked = rows.find((row) => row.awb);
    if (tracked && order.trackingNumber !== tracked.awb) set = { ...set, trackingNumber: tracked.awb, carrier: tracked.courierName };
    // An order its lifecycle will not move (refunded, or set by hand past this point) stays as it is: the parcel's
    // own step stands, and the courier is not made to retry a report the shop has already recorded.
    try {
      this.lifecycle.check(order, event);
    } catch (error) {
      if (error instanceof OrderLifecycleRefusal) return order;
      throw error;
    }
    const applied = await this.lifecycle.apply(tx, order, event, actor, { set });
    if (applied.stockMoved) {
      this.stockMoved = true;
      this.onStockChanged();
    }
    return applied.order;
  }

  /** Locks an order and then one of its shipments, in the order every writer takes them. */
  async lock(tx: Transaction, shipmentId: number): Promise<{ order: OrderRow; shipment: ShipmentRow } | null> {
    const [probe] = await tx.select({ orderId: shipments.orderId }).from(shipments).where(eq(shipments.id, shipmentId));
    if (!probe) return null;
    const [order] = await tx.select().from(orders).where(eq(orders.id, probe.orderId)).for('update');
    const [shipment] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId)).for('update');
    return order && shipment ? { order, shipment } : null;
  }

  /**
   * Locks an order known by its id and then all its shipments (by id, the same order for every writer; another
   * writer of any of them holds the order first, so none waits on a parcel while holding it): two statements, and
   * the caller has every parcel of the order for `record` to follow without reading them again.
   */
  async lockOrderOf(tx: Transaction, orderId: string, shipmentId: number): Promise<{ order: OrderRow; shipment: ShipmentRow; siblings: ShipmentRow[] } | null> {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) return null;
    const siblings = await tx.select().from(shipments).where(eq(shipments.orderId, orderId)).orderBy(asc(shipments.id)).for('update');
    const shipment = siblings.find((row) => row.id === shipmentId);
    return shipment ? { order, shipment, siblings } : null;
  }
}

/** The shipment step an order status stands for, for the order history's note. */
function statusOfOrder(status: 'processing' | 'shipped' | 'out-for-delivery' | 'delivered'): ShipmentStatus {
  return ({ processing: 'created', shipped: 'in-transit', 'out-for-delivery': 'out-for-delivery', delivered: 'delivered' } as const)[status];
}
