import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { LifecycleEvent } from '../../../domain/order-lifecycle.ts';
import { applyReports, orderStatusFromShipments, shipmentsVerdict, SHIPMENT_STATUS_NAMES, type ParcelTrack, type ShipmentStatus, type TrackedReports } from '../../../domain/shipments.ts';
import { orders, shipmentEvents, shipments } from '../../db/schema/index.ts';
import { setEach } from '../../db/update-many.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';
import type { OrderRow } from '../orders/order-dto.ts';
import { LifecycleBatch } from '../orders/lifecycle-batch.ts';
import { OrderLifecycleRefusal, type LifecycleActor, type OrderLifecycle } from '../orders/order-lifecycle.ts';
import type { TrackingEvent } from '../../couriers/shipping-provider.ts';

export type ShipmentRow = typeof shipments.$inferSelect;
export type ReportSource = 'webhook' | 'poll' | 'admin' | 'booking' | 'customer';

/** A locked parcel with its locked order and the reports to record for it. */
export interface ParcelReports {
  order: OrderRow;
  shipment: ShipmentRow;
  reports: readonly TrackingEvent[];
  /** All the order's parcels, when the caller locked and read them: the order follows them without a second read. */
  siblings?: readonly ShipmentRow[];
}

/** The same parcel, courier status and time is the same report: the timeline's unique index. */
const reportKey = (shipmentId: number, courierStatus: string, at: Date) => `${shipmentId}\n${courierStatus}\n${at.getTime()}`;

function trackOf(shipment: ShipmentRow): ParcelTrack {
  return { status: shipment.status, lastCourierEventAt: shipment.lastCourierEventAt, ndrReason: shipment.ndrReason, ndrAttempts: shipment.ndrAttempts, ndrAction: shipment.ndrAction };
}

/**
 * The one writer of a shipment's status. Each step is checked against the shipment table (domain/shipments.ts),
 * kept in the shipment's timeline, and then the order follows its shipments through the order's lifecycle table,
 * in the same transaction. Callers lock the order rows first (several in id order) and the shipment rows after
 * them, always in that order.
 */
export class ShipmentProgress {
  /** The stock moved by an order event applied here (a return to origin restocks): the catalogue must hear of it. */
  stockMoved = false;
  /** Other channels (WhatsApp) told of a failed attempt, in its transaction. */
  private readonly failedAttemptHooks: ((tx: Transaction, order: OrderRow, shipment: ShipmentRow) => Promise<void>)[] = [];

  constructor(
    private readonly lifecycle: OrderLifecycle,
    private readonly clock: () => Date,
    private readonly onStockChanged: () => void,
  ) {}

  /** Records the reports of one locked shipment (see `recordAll`); answers whether any was new, and the shipment now. */
  async record(
    tx: Transaction,
    order: OrderRow,
    shipment: ShipmentRow,
    reports: readonly TrackingEvent[],
    source: ReportSource,
    actor: LifecycleActor = null,
    siblings?: readonly ShipmentRow[],
  ): Promise<{ fresh: boolean; shipment: ShipmentRow }> {
    const [recorded] = await this.recordAll(tx, [{ order, shipment, reports, ...(siblings ? { siblings } : {}) }], source, actor);
    return { fresh: recorded!.fresh.size > 0, shipment: recorded!.shipment };
  }

  /**
   * Records reports of locked shipments, each kind of write one statement for all of them. A report seen before
   * (the same courier status and time) is skipped; the new ones are applied in the order they happened
   * (domain/shipments.ts `applyReports`): one older than the latest applied is kept in the timeline but moves
   * nothing, as does one the table refuses. Each order whose parcels moved then follows them once, to where all its
   * reports lead, and the lifecycle's writes of every order go together at the end. Answers, for each parcel, the
   * shipment now and which of its reports were new.
   */
  async recordAll(
    tx: Transaction,
    parcels: readonly ParcelReports[],
    source: ReportSource,
    actor: LifecycleActor = null,
  ): Promise<{ shipment: ShipmentRow; fresh: Set<TrackingEvent> }[]> {
    if (parcels.length === 0) return [];
    const now = this.clock();
    const entries = parcels.flatMap(({ shipment, reports }) =>
      reports.map((report) => ({ shipmentId: shipment.id, status: report.status, courierStatus: report.courierStatus, activity: report.activity, location: report.location, eventAt: report.at, source, createdAt: now })),
    );
    const kept = entries.length
      ? await tx.insert(shipmentEvents).values(entries).onConflictDoNothing().returning({ shipmentId: shipmentEvents.shipmentId, courierStatus: shipmentEvents.courierStatus, eventAt: shipmentEvents.eventAt })
      : [];
    const unseen = new Set(kept.map((entry) => reportKey(entry.shipmentId, entry.courierStatus, entry.eventAt)));
    const batch = new LifecycleBatch();
    const courierClock = source === 'webhook' || source === 'poll';
    const tracked: { parcel: ParcelReports; fresh: Set<TrackingEvent>; applied: TrackedReports }[] = [];
    for (const parcel of parcels) {
      // Of two equal reports in one batch, the first is the new one.
      const fresh = new Set(parcel.reports.filter((report) => unseen.delete(reportKey(parcel.shipment.id, report.courierStatus, report.at))));
      // Only the courier's own clock orders its reports: the shop's steps (booked, pickup asked) are stamped by the
      // shop's clock, and a scan the courier timed a little before them must still count.
      const applied = applyReports(trackOf(parcel.shipment), [...fresh], courierClock);
      for (const attempt of applied.failedAttempts) await this.tellOfFailedAttempt(tx, parcel.order, { ...parcel.shipment, ...attempt }, batch);
      tracked.push({ parcel, fresh, applied });
    }
    const changes = tracked.map(({ parcel, applied }) => ({ key: parcel.shipment.id, set: { ...applied.track } }));
    const saved = await tx
      .update(shipments)
      .set({ ...setEach(shipments, shipments.id, changes), lastEventAt: now, updatedAt: now })
      .where(inArray(shipments.id, changes.map((change) => change.key)))
      .returning();
    const savedById = new Map(saved.map((row) => [row.id, row]));
    const followed = new Set<string>();
    for (const { parcel, applied } of tracked) {
      if (!applied.moved || followed.has(parcel.order.id)) continue;
      followed.add(parcel.order.id);
      // The order's parcels as they now stand, when the caller locked and read them all: no second read.
      const known = parcel.siblings?.map((row) => savedById.get(row.id) ?? row);
      await this.followShipments(tx, parcel.order, actor, known, batch);
    }
    await this.lifecycle.flush(tx, batch);
    return tracked.map(({ parcel, fresh }) => ({ shipment: savedById.get(parcel.shipment.id)!, fresh }));
  }

  onFailedAttempt(hook: (tx: Transaction, order: OrderRow, shipment: ShipmentRow) => Promise<void>): void {
    this.failedAttemptHooks.push(hook);
  }

  /** A step the shop itself takes (booked, pickup asked, cancelled, an admin's word): one report stamped now. */
  async step(tx: Transaction, order: OrderRow, shipment: ShipmentRow, status: ShipmentStatus, source: ReportSource, note: string, actor: LifecycleActor = null): Promise<ShipmentRow> {
    return (await this.record(tx, order, shipment, [{ status, courierStatus: `${source}:${status}`, activity: note, location: '', at: this.clock() }], source, actor)).shipment;
  }

  /** The customer hears of a failed attempt at once, with the link to choose what the courier does next. */
  private async tellOfFailedAttempt(tx: Transaction, order: OrderRow, shipment: ShipmentRow, batch: LifecycleBatch): Promise<void> {
    // A receipt-like notice about goods on their way, sent whatever the customer's e-mail preferences: the parcel
    // goes back to the shop unless they answer. One e-mail per attempt.
    batch.mail({
      template: 'delivery-failed',
      to: order.customerEmail,
      data: { orderNumber: order.orderNumber, customerName: order.customerName, courierName: shipment.courierName ?? 'The courier', awb: shipment.awb ?? '', reason: shipment.ndrReason ?? '', attempt: shipment.ndrAttempts },
      dedupeKey: `delivery-failed:${shipment.id}:${shipment.ndrAttempts}`,
      category: 'transactional',
    });
    batch.notices.push(
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
    );
    for (const hook of this.failedAttemptHooks) await hook(tx, order, shipment);
  }

  /**
   * Moves the locked order to what its shipments now say (domain/shipments.ts), through its lifecycle table: the
   * same e-mails, notices, stock and tax documents as when an admin sets the status. Cash on delivery delivered is
   * cash collected; every parcel back at the shop ends the order (not collected, or cancelled with a refund).
   * With `batch`, the event's history, notices, journey e-mail and row wait for the batch's flush when they are all
   * it writes.
   */
  async followShipments(
    tx: Transaction,
    order: OrderRow,
    actor: LifecycleActor,
    known?: readonly Pick<ShipmentRow, 'status' | 'awb' | 'courierName'>[],
    batch?: LifecycleBatch,
  ): Promise<OrderRow> {
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
    const applied = await this.lifecycle.apply(tx, order, event, actor, { set, ...(batch ? { batch } : {}) });
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
   * Locks the orders of the parcels with these AWBs, in id order, and then all their parcels, in id order: two
   * statements however many. Every other writer holds an order before any of its parcels, and one order at a time,
   * so none waits on a parcel while holding an order this is waiting for. A parcel's AWB and order never change
   * once it has them, so the subquery names what to lock.
   */
  async lockByAwb(tx: Transaction, awbs: readonly string[]): Promise<{ orders: OrderRow[]; shipments: ShipmentRow[] }> {
    const named = tx.select({ orderId: shipments.orderId }).from(shipments).where(inArray(shipments.awb, [...new Set(awbs)]));
    const locked = await tx.select().from(orders).where(inArray(orders.id, named)).orderBy(asc(orders.id)).for('update');
    if (locked.length === 0) return { orders: [], shipments: [] };
    const parcels = await tx.select().from(shipments).where(inArray(shipments.orderId, locked.map((order) => order.id))).orderBy(asc(shipments.id)).for('update');
    return { orders: locked, shipments: parcels };
  }
}

/** The shipment step an order status stands for, for the order history's note. */
function statusOfOrder(status: 'processing' | 'shipped' | 'out-for-delivery' | 'delivered'): ShipmentStatus {
  return ({ processing: 'created', shipped: 'in-transit', 'out-for-delivery': 'out-for-delivery', delivered: 'delivered' } as const)[status];
}
