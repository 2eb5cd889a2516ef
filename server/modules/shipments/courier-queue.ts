import { and, eq, inArray, isNotNull, lt, ne } from 'drizzle-orm';
import { cashToCollect } from '../../../domain/dispatch-documents.ts';
import { goodsAddress } from '../../../domain/orders.ts';
import type { ShipmentStatus } from '../../../domain/shipments.ts';
import type { Database } from '../../db/client.ts';
import { orderItems, orders, shipments } from '../../db/schema/index.ts';
import { CourierError, type Booking, type CourierChoice, type NdrDecision, type Parcel, type ShippingProvider } from '../../couriers/shipping-provider.ts';
import type { OrderRow } from '../orders/order-dto.ts';
import type { ShipmentProgress, ShipmentRow } from './shipment-progress.ts';

/** The pg-boss queue of every request to the courier: booking, pickup, cancellation, NDR decisions. */
export const COURIER_QUEUE = 'courier-calls';
/** Hourly: shipments the courier has said nothing of for 12 hours are asked about (a lost webhook strands nothing). */
export const TRACKING_POLL_QUEUE = 'courier-tracking-poll';
export const TRACKING_POLL_CRON = '17 * * * *';
const SILENT_AFTER_MS = 12 * 60 * 60 * 1000;
/** Parcels asked about per poll run: the courier's tracking API is rate limited, the next hour takes the rest. */
const POLL_BATCH = 200;

export type CourierJob = { shipmentId: number; step: 'book' | 'pickup' | 'cancel' } | { shipmentId: number; step: 'ndr'; decision: NdrDecision };

const UNFINISHED: ShipmentStatus[] = ['awb-assigned', 'pickup-scheduled', 'picked-up', 'in-transit', 'out-for-delivery', 'undelivered', 'rto-initiated'];

/**
 * The courier's side of each parcel, run by jobs. A job that the courier fails with a 5xx or a timeout throws,
 * and pg-boss retries it with backoff; the admin sees the booking as delayed meanwhile. A refusal (4xx) is not
 * retried: the booking is marked failed with the courier's reason.
 */
export class CourierJobs {
  constructor(
    private readonly db: Database,
    private readonly provider: ShippingProvider,
    private readonly progress: ShipmentProgress,
    private readonly choice: CourierChoice,
    private readonly clock: () => Date,
  ) {}

  async run(job: CourierJob): Promise<void> {
    const [shipment] = await this.db.select().from(shipments).where(eq(shipments.id, job.shipmentId));
    if (!shipment || shipment.provider === 'manual') return;
    try {
      if (job.step === 'ndr') await this.provider.ndrAction(shipment.awb!, job.decision);
      else if (job.step === 'book') await this.book(shipment);
      else if (job.step === 'pickup') await this.pickup(shipment);
      else await this.cancelAtCourier(shipment);
    } catch (error) {
      if (!(error instanceof CourierError)) throw error;
      await this.db
        .update(shipments)
        .set({ bookingState: error.retryable ? 'delayed' : 'failed', bookingError: error.message, updatedAt: this.clock() })
        .where(eq(shipments.id, shipment.id));
      if (error.retryable) throw error;
    }
  }

  private async book(shipment: ShipmentRow): Promise<void> {
    if (shipment.status !== 'created') return;
    const [order] = await this.db.select().from(orders).where(eq(orders.id, shipment.orderId));
    const items = await this.db.select().from(orderItems).where(eq(orderItems.orderId, shipment.orderId));
    const parcel = parcelOf(order!, shipment, items);
    await this.db.update(shipments).set({ bookingAttempts: shipment.bookingAttempts + 1 }).where(eq(shipments.id, shipment.id));
    const sofar: Booking = { providerOrderId: shipment.providerOrderId, providerShipmentId: shipment.providerShipmentId, awb: shipment.awb, courierName: shipment.courierName, courierId: shipment.courierId, trackingUrl: shipment.trackingUrl };
    const booked = await this.provider.book(parcel, sofar, this.choice, (step) => this.keep(shipment.id, step));
    await this.db.transaction(async (tx) => {
      const locked = await this.progress.lock(tx, shipment.id);
      if (!locked || locked.shipment.status !== 'created') return;
      await tx.update(shipments).set({ bookingState: 'idle', bookingError: null }).where(eq(shipments.id, shipment.id));
      await this.progress.step(tx, locked.order, { ...locked.shipment, bookingState: 'idle' }, 'awb-assigned', 'booking', `${booked.courierName} AWB ${booked.awb}`);
    });
  }

  private async keep(id: number, booking: Booking): Promise<void> {
    await this.db.update(shipments).set({ ...booking, updatedAt: this.clock() }).where(eq(shipments.id, id));
  }

  private async pickup(shipment: ShipmentRow): Promise<void> {
    if (shipment.status !== 'awb-assigned' || !shipment.providerShipmentId) return;
    const day = await this.provider.schedulePickup([shipment.providerShipmentId]);
    await this.db.transaction(async (tx) => {
      const locked = await this.progress.lock(tx, shipment.id);
      if (!locked) return;
      await tx.update(shipments).set({ pickupScheduledFor: day, bookingState: 'idle', bookingError: null }).where(eq(shipments.id, shipment.id));
      await this.progress.step(tx, locked.order, locked.shipment, 'pickup-scheduled', 'booking', day ? `Pickup on ${day}` : 'Pickup requested');
    });
  }

  /**
   * A parcel cancelled while its booking was under way may have a courier order by now: it is found by the
   * shop's reference and cancelled, so the courier sends no one to collect it.
   */
  private async cancelAtCourier(shipment: ShipmentRow): Promise<void> {
    if (shipment.providerOrderId) await this.provider.cancel(shipment.providerOrderId);
  }

  /** Asks the courier about parcels it has said nothing of for 12 hours, and records what it says. */
  async pollSilent(): Promise<number> {
    const before = new Date(this.clock().getTime() - SILENT_AFTER_MS);
    const silent = await this.db
      .select({ id: shipments.id, awb: shipments.awb })
      .from(shipments)
      .where(and(ne(shipments.provider, 'manual'), isNotNull(shipments.awb), inArray(shipments.status, UNFINISHED), lt(shipments.lastEventAt, before)))
      .limit(POLL_BATCH);
    let asked = 0;
    for (const { id, awb } of silent) {
      const reports = await this.provider.track(awb!);
      await this.db.transaction(async (tx) => {
        const locked = await this.progress.lock(tx, id);
        if (locked) await this.progress.record(tx, locked.order, locked.shipment, reports, 'poll');
      });
      asked += 1;
    }
    return asked;
  }
}

/** The order's parcel as the courier books it; a cash-on-delivery parcel collects what balances left of the total. */
function parcelOf(order: OrderRow, shipment: ShipmentRow, items: (typeof orderItems.$inferSelect)[]): Parcel {
  const lines = shipment.lines.map((line) => ({ line, item: items.find((entry) => entry.id === line.orderItemId)! }));
  const cashOnDelivery = order.paymentStatus === 'cod_pending';
  const value = lines.reduce((sum, { line, item }) => sum + item.unitPricePaise * line.quantity, 0);
  const address = goodsAddress(order);
  return {
    reference: shipment.reference,
    placedAt: order.createdAt,
    customer: { name: order.customerName, email: order.customerEmail, phone: order.customerPhone },
    address: { street: address.street, city: address.city, state: address.state, pincode: address.zipCode, country: address.country },
    items: lines.map(({ line, item }) => ({ name: `${item.name} ${item.size}`, sku: `${item.slug}-${item.size}`, units: line.quantity, unitPricePaise: item.unitPricePaise })),
    cashOnDelivery,
    // A cash-on-delivery order travels as one parcel (ShipmentService), whose courier collects the order's total
    // less what gift cards and store credit paid: the money the customer still owes, and no more.
    collectPaise: cashOnDelivery ? cashToCollect(order) : value,
    size: { weightGrams: shipment.weightGrams, lengthCm: shipment.lengthCm, breadthCm: shipment.breadthCm, heightCm: shipment.heightCm },
  };
}
