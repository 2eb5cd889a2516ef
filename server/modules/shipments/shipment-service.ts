import { and, asc, eq, gt, inArray, ne } from 'drizzle-orm';
import { goodsAddress } from '../../../domain/orders.ts';
import type { CreateShipmentBody, NdrDecisionBody, Shipment } from '../../../contracts/shipments.ts';
import { fieldRefusal, notFoundRefusal, Refusal } from '../../../domain/refusal.ts';
import { labelOf, packingSlipOf, type DispatchOrder, type DispatchParcel, type PackingSlipSize } from '../../../domain/dispatch-documents.ts';
import { cancellable, labelPrintable, overShipped, packageOf, type ShipmentLine, type ShipmentStatus } from '../../../domain/shipments.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { orderItems, orders, productSizes, shipmentEvents, shipments } from '../../db/schema/index.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';
import { CourierError, type ShippingProvider } from '../../couriers/shipping-provider.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { OrderRow } from '../orders/order-dto.ts';
import { byIdOrNumber, type Actor } from '../orders/order-service.ts';
import { toShipmentDto } from './shipment-dto.ts';
import type { ShipmentProgress, ShipmentRow } from './shipment-progress.ts';
import { COURIER_QUEUE, type CourierJob } from './courier-queue.ts';

const ORDER_NOT_FOUND = 'Order not found';

/**
 * PDFKit, pdf-lib, the brand's fonts and the layouts load with the first dispatch document printed: a web process
 * that never prints one (most of them, most days) neither waits for them at start nor keeps them in memory.
 */
const dispatchPdf = () => import('./dispatch-pdf.ts');
const SHIPMENT_NOT_FOUND = 'Shipment not found';

/** Payment states in which an order's goods may leave: paid, or cash on delivery confirmed by its customer. */
function shippable(order: OrderRow): string | null {
  if (order.status === 'cancelled') return `Order ${order.orderNumber} is cancelled`;
  if (order.paymentStatus === 'cod_pending') return order.codConfirmedAt ? null : `Order ${order.orderNumber} is awaiting the customer's confirmation of cash on delivery`;
  if (order.paymentStatus !== 'paid') return `Order ${order.orderNumber} has no payment standing to ship against`;
  return null;
}

/** '50ml' → 50: a size whose net quantity was never recorded is weighed by its name. */
function millilitresOf(size: string, recorded: number | null | undefined): number {
  return recorded ?? (Number(/(\d+)\s*ml/i.exec(size)?.[1]) || 100);
}

/**
 * Parcels for the back office and their customers: creating them (booked with the courier by a job), the
 * dispatch documents, the admin's and the customer's actions. Every change of a parcel's state goes through
 * `ShipmentProgress`, and the order follows from there.
 */
export class ShipmentService {
  constructor(
    private readonly db: Database,
    private readonly provider: ShippingProvider,
    private readonly progress: ShipmentProgress,
    private readonly jobs: JobQueue,
    private readonly clock: () => Date,
    private readonly documents: { shop: { name: string; address: string }; slipSize: PackingSlipSize },
  ) {}

  /** Creates one parcel of an order: by hand (courier and AWB typed) or booked with the courier by a job. */
  async create(actor: Actor, idOrNumber: string, body: CreateShipmentBody = {}): Promise<Shipment> {
    const id = await this.db
      .transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(byIdOrNumber(idOrNumber)).for('update');
        if (!order) throw notFoundRefusal(ORDER_NOT_FOUND);
        return this.createLocked(tx, actor, order, body);
      })
      .catch((error: unknown) => {
        // A tracking number typed for a second parcel: the unique index says so, also when two parcels are given it
        // at the same moment (the second waits for the first's commit, then fails), and the transaction undid it all.
        if (body.awb && isUniqueViolation(error, 'shipments_awb_unique')) throw fieldRefusal('conflict', 'awb', `AWB ${body.awb} is already on another parcel`);
        throw error;
      });
    return this.find(id);
  }

  /** The "Ready to ship" queue's button: one parcel of all remaining units for each selected order. */
  async createMany(actor: Actor, orderIds: readonly string[]): Promise<{ created: Shipment[]; refused: { orderId: string; message: string }[] }> {
    const created: Shipment[] = [];
    const refused: { orderId: string; message: string }[] = [];
    for (const orderId of new Set(orderIds)) {
      try {
        created.push(await this.create(actor, orderId));
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        refused.push({ orderId, message: error.message });
      }
    }
    return { created, refused };
  }

  private async createLocked(tx: Transaction, actor: Actor, order: OrderRow, body: CreateShipmentBody): Promise<number> {
    const refusal = shippable(order);
    if (refusal) throw new Refusal('conflict', refusal);
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const existing = await tx.select().from(shipments).where(eq(shipments.orderId, order.id));
    const live = existing.filter((row) => row.status !== 'cancelled').flatMap((row) => row.lines);
    const ordered = new Map(items.map((item) => [item.id, item.quantity]));
    const wanted: ShipmentLine[] = body.lines ?? remaining(ordered, live);
    if (wanted.length === 0) throw new Refusal('conflict', `Every potion of order ${order.orderNumber} is already in a shipment`);
    for (const line of wanted) if (!ordered.has(line.orderItemId)) throw fieldRefusal('invalid', 'lines', `Order ${order.orderNumber} has no line ${line.orderItemId}`);
    // The courier collects a cash-on-delivery order's cash (its total less what balances paid) at the door, so it
    // travels as one parcel.
    const allUnits = remaining(ordered, []).reduce((sum, line) => sum + line.quantity, 0);
    if (order.paymentStatus === 'cod_pending' && wanted.reduce((sum, line) => sum + line.quantity, 0) !== allUnits) {
      throw fieldRefusal('conflict', 'lines', `Order ${order.orderNumber} is paid on delivery: all its potions go in one parcel`);
    }
    const over = overShipped(ordered, live, wanted);
    if (over.length) throw fieldRefusal('conflict', 'lines', `Those potions of order ${order.orderNumber} are already in another shipment`);

    const sizes = await tx.select().from(productSizes).where(inArray(productSizes.productId, [...new Set(items.map((item) => item.productId))]));
    const units = wanted.map((line) => {
      const item = items.find((entry) => entry.id === line.orderItemId)!;
      const size = sizes.find((entry) => entry.productId === item.productId && entry.size === item.size);
      return { netQuantityMl: millilitresOf(item.size, size?.netQuantityMl), quantity: line.quantity };
    });
    const box = packageOf(units);
    const byHand = Boolean(body.awb) || this.provider.name === 'manual';
    if (byHand && !body.awb) throw fieldRefusal('invalid', 'awb', 'awb and courierName are needed: no courier API is set up, so type the tracking number the courier gave');
    const now = this.clock();
    const [row] = await tx
      .insert(shipments)
      .values({
        orderId: order.id,
        provider: byHand ? 'manual' : this.provider.name,
        lines: wanted,
        weightGrams: box.weightGrams,
        lengthCm: box.lengthCm,
        breadthCm: box.breadthCm,
        heightCm: box.heightCm,
        reference: `${order.orderNumber}-${existing.length + 1}`,
        courierName: body.courierName ?? null,
        awb: body.awb ?? null,
        bookingState: byHand ? 'idle' : 'queued',
        lastEventAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    let shipment = await this.progress.step(tx, order, row!, 'created', 'admin', 'Packed', actor);
    if (byHand) {
      // Its AWB moves the parcel, and the order follows.
      shipment = await this.progress.step(tx, order, shipment, 'awb-assigned', 'admin', `${body.courierName} ${body.awb}`, actor);
    } else {
      await this.jobs.sendInTransaction(tx, COURIER_QUEUE, { shipmentId: shipment.id, step: 'book' } satisfies CourierJob, { singletonKey: `book:${shipment.id}` });
      // A parcel born 'created' moved nothing itself, but the order is now being packed.
      await this.progress.followShipments(tx, order, actor);
    }
    await recordAudit(tx, { actorId: actor.id, action: 'shipment.create', targetType: 'order', targetId: order.id, details: { orderNumber: order.orderNumber, shipmentId: shipment.id, lines: wanted, awb: body.awb ?? null } });
    return shipment.id;
  }

  async find(id: number): Promise<Shipment> {
    const [shipment] = await this.read([id]);
    if (!shipment) throw notFoundRefusal(SHIPMENT_NOT_FOUND);
    return shipment;
  }

  /** Shipments with their lines and timelines, in one read each. */
  private async read(ids: readonly number[]): Promise<Shipment[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.select().from(shipments).where(inArray(shipments.id, [...ids])).orderBy(asc(shipments.id));
    return this.dtos(rows);
  }

  private async dtos(rows: ShipmentRow[]): Promise<Shipment[]> {
    if (rows.length === 0) return [];
    const orderIds = [...new Set(rows.map((row) => row.orderId))];
    const [items, events, numbers] = await Promise.all([
      this.db.select({ id: orderItems.id, name: orderItems.name, size: orderItems.size }).from(orderItems).where(inArray(orderItems.orderId, orderIds)),
      this.db.select().from(shipmentEvents).where(inArray(shipmentEvents.shipmentId, rows.map((row) => row.id))),
      this.db.select({ id: orders.id, orderNumber: orders.orderNumber }).from(orders).where(inArray(orders.id, orderIds)),
    ]);
    const numberOf = new Map(numbers.map((entry) => [entry.id, entry.orderNumber]));
    return rows.map((row) => toShipmentDto(row, numberOf.get(row.orderId) ?? '', items, events.filter((event) => event.shipmentId === row.id)));
  }

  /** An order's parcels, for its owner or an admin; to anyone else the order does not exist. */
  async ofOrder(viewer: { id: string; role: string }, idOrNumber: string): Promise<Shipment[]> {
    const [order] = await this.db.select({ id: orders.id, userId: orders.userId }).from(orders).where(byIdOrNumber(idOrNumber));
    if (!order || (order.userId !== viewer.id && viewer.role !== 'admin')) throw notFoundRefusal(ORDER_NOT_FOUND);
    return this.dtos(await this.db.select().from(shipments).where(eq(shipments.orderId, order.id)).orderBy(asc(shipments.id)));
  }

  /**
   * The dispatch desk's queues: orders ready to ship (paid or confirmed, not cancelled, with units in no live
   * parcel), and parcels in transit, waiting on a failed delivery (NDR), or coming back.
   */
  async queue(queue: 'ready' | 'in-transit' | 'ndr' | 'returning') {
    const statuses: Record<Exclude<typeof queue, 'ready'>, ShipmentStatus[]> = {
      'in-transit': ['created', 'awb-assigned', 'pickup-scheduled', 'picked-up', 'in-transit', 'out-for-delivery'],
      ndr: ['undelivered'],
      returning: ['rto-initiated'],
    };
    if (queue !== 'ready') {
      const rows = await this.db.select().from(shipments).where(inArray(shipments.status, statuses[queue])).orderBy(asc(shipments.updatedAt)).limit(500);
      return { orders: [], shipments: await this.dtos(rows) };
    }
    const candidates = await this.db
      .select()
      .from(orders)
      // Gift cards alone (a bill of nothing) have nothing to ship: left out here, they never fill the queue's window.
      .where(and(inArray(orders.status, ['pending', 'processing']), inArray(orders.paymentStatus, ['paid', 'cod_pending']), gt(orders.subtotalPaise, 0)))
      .orderBy(asc(orders.createdAt))
      .limit(500);
    const ready = candidates.filter((order) => !shippable(order));
    if (ready.length === 0) return { orders: [], shipments: [] };
    const ids = ready.map((order) => order.id);
    const [items, parcels] = await Promise.all([
      this.db.select({ orderId: orderItems.orderId, id: orderItems.id, quantity: orderItems.quantity }).from(orderItems).where(inArray(orderItems.orderId, ids)),
      this.db.select({ orderId: shipments.orderId, lines: shipments.lines }).from(shipments).where(and(inArray(shipments.orderId, ids), ne(shipments.status, 'cancelled'))),
    ]);
    const result = [];
    for (const order of ready) {
      const ordered = new Map(items.filter((item) => item.orderId === order.id).map((item) => [item.id, item.quantity]));
      const left = remaining(ordered, parcels.filter((parcel) => parcel.orderId === order.id).flatMap((parcel) => parcel.lines));
      const units = left.reduce((sum, line) => sum + line.quantity, 0);
      if (units === 0) continue;
      result.push({
        id: order.id,
        orderNumber: order.orderNumber,
        customerName: order.customerName,
        city: goodsAddress(order).city,
        pincode: goodsAddress(order).zipCode,
        units,
        cashOnDelivery: order.paymentStatus === 'cod_pending',
        placedAt: order.createdAt.toISOString(),
      });
    }
    return { orders: result, shipments: [] };
  }

  /** Asks the courier to collect these booked parcels (a job each, retried while the courier is down). */
  async schedulePickup(actor: Actor, ids: readonly number[]): Promise<Shipment[]> {
    const rows = await this.booked(ids, (row) => row.status === 'awb-assigned', 'is not waiting for a pickup');
    await this.db.transaction(async (tx) => {
      for (const row of rows) await this.jobs.sendInTransaction(tx, COURIER_QUEUE, { shipmentId: row.id, step: 'pickup' } satisfies CourierJob, { singletonKey: `pickup:${row.id}` });
      await recordAudit(tx, { actorId: actor.id, action: 'shipment.pickup', targetType: 'shipment', targetId: rows.map((row) => row.id).join(','), details: { shipmentIds: rows.map((row) => row.id) } });
    });
    return this.read(ids);
  }

  /**
   * One PDF of 4×6 in labels for these parcels, in the order asked: the courier's own (booked through its API),
   * else the shop's with the AWB as a barcode. A cancelled parcel, or one not booked yet or gone, has none (409).
   */
  async labels(ids: readonly number[]): Promise<Buffer> {
    const rows = await this.parcels(ids, (row) => labelPrintable(row.status), 'has no label to print (cancelled, not booked yet, or already picked up)');
    return this.printed(rows, async (booked) => {
      const document = await this.askCourier(() => this.provider.labels(booked.map((row) => row.providerShipmentId!)));
      await this.db.update(shipments).set({ labelUrl: document.url, updatedAt: this.clock() }).where(inArray(shipments.id, booked.map((row) => row.id)));
      return document.pdf;
    }, async (own) => (await dispatchPdf()).renderShopLabels((await this.dispatchViews(own)).map(({ order, parcel }) => labelOf(order, parcel, this.documents.shop))));
  }

  /** The slips that go inside these parcels (A4 or 4×6 in by PACKING_SLIP_SIZE); a cancelled parcel has none (409). */
  async packingSlips(ids: readonly number[]): Promise<Buffer> {
    const rows = await this.parcels(ids, (row) => row.status !== 'cancelled', 'is cancelled');
    const views = await this.dispatchViews(rows);
    return (await dispatchPdf()).renderPackingSlips(views.map(({ order, parcel }) => packingSlipOf(order, parcel, this.documents.shop)), this.documents.slipSize);
  }

  /**
   * The manifest the pickup agent signs: the courier's for parcels booked through its API (once their pickup is
   * asked for), the shop's own for parcels sent by hand; one PDF.
   */
  async manifest(ids: readonly number[]): Promise<Buffer> {
    const rows = await this.parcels(ids, (row) => (bookedWithCourier(row) ? row.status === 'pickup-scheduled' : labelPrintable(row.status)), 'is not waiting for its pickup');
    return this.printed(rows, async (booked) => {
      const document = await this.askCourier(() => this.provider.manifest(booked.map((row) => row.providerShipmentId!)));
      await this.db.update(shipments).set({ manifestUrl: document.url, updatedAt: this.clock() }).where(inArray(shipments.id, booked.map((row) => row.id)));
      return document.pdf;
    }, async (own) => {
      const views = await this.dispatchViews(own);
      const manifestRows = views.map(({ order, parcel }) => {
        const label = labelOf(order, parcel, this.documents.shop);
        return { awb: label.awb, courierName: label.courierName, reference: label.reference, consignee: label.to.name, pincode: label.to.pincode, weightGrams: label.weightGrams, collectPaise: label.collectPaise };
      });
      return (await dispatchPdf()).renderManifest(manifestRows, this.documents.shop, this.clock());
    });
  }

  /** The courier's document for the parcels booked through its API and the shop's for the rest, as one PDF. */
  private async printed(rows: ShipmentRow[], courier: (booked: ShipmentRow[]) => Promise<Uint8Array>, own: (rows: ShipmentRow[]) => Promise<Uint8Array>): Promise<Buffer> {
    const booked = rows.filter(bookedWithCourier);
    const byHand = rows.filter((row) => !bookedWithCourier(row));
    const parts: Uint8Array[] = [];
    if (booked.length) parts.push(await courier(booked));
    if (byHand.length) parts.push(await own(byHand));
    return (await dispatchPdf()).mergePdfs(parts);
  }

  /** The parcels, in the order asked, each in a state `fit` accepts; else 404 or 409 naming the first. */
  private async parcels(ids: readonly number[], fit: (row: ShipmentRow) => boolean, unfit: string): Promise<ShipmentRow[]> {
    const found = await this.db.select().from(shipments).where(inArray(shipments.id, [...ids]));
    const rows: ShipmentRow[] = [];
    for (const id of new Set(ids)) {
      const row = found.find((entry) => entry.id === id);
      if (!row) throw notFoundRefusal(`Shipment ${id} not found`);
      if (!fit(row)) throw fieldRefusal('conflict', 'shipmentIds', `Shipment ${id} ${unfit}`);
      rows.push(row);
    }
    return rows;
  }

  /** Each parcel with its order and lines, as the documents print them. */
  private async dispatchViews(rows: readonly ShipmentRow[]): Promise<{ order: DispatchOrder; parcel: DispatchParcel }[]> {
    const orderIds = [...new Set(rows.map((row) => row.orderId))];
    const [orderRows, items] = await Promise.all([
      this.db.select().from(orders).where(inArray(orders.id, orderIds)),
      this.db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)),
    ]);
    return rows.map((row) => {
      const order = orderRows.find((entry) => entry.id === row.orderId)!;
      return {
        order: { ...order, shippingAddress: goodsAddress(order), placedAt: order.createdAt },
        parcel: {
          reference: row.reference,
          awb: row.awb,
          courierName: row.courierName,
          weightGrams: row.weightGrams,
          dimensionsCm: { length: row.lengthCm, breadth: row.breadthCm, height: row.heightCm },
          lines: row.lines.map((line) => {
            const item = items.find((entry) => entry.id === line.orderItemId)!;
            return { name: item.name, size: item.size, quantity: line.quantity, unitPricePaise: item.unitPricePaise };
          }),
        },
      };
    });
  }

  /** The parcels, each booked with the courier API and in a state `fit` accepts; else 404 or 409 naming the first. */
  private async booked(ids: readonly number[], fit: (row: ShipmentRow) => boolean, unfit: string): Promise<ShipmentRow[]> {
    const rows = await this.parcels(ids, fit, unfit);
    for (const row of rows) {
      if (!bookedWithCourier(row)) throw fieldRefusal('conflict', 'shipmentIds', `Shipment ${row.id} was sent by hand: its courier's own site books its pickup`);
    }
    return rows;
  }

  private async askCourier<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof CourierError) throw new Refusal('provider-failed', `The courier could not do it now: ${error.message}`);
      throw error;
    }
  }

  /** Calls a parcel off before the courier collects it (the courier's order is cancelled by a job). */
  async cancel(actor: Actor, id: number): Promise<Shipment> {
    await this.db.transaction(async (tx) => {
      const locked = await this.progress.lock(tx, id);
      if (!locked) throw notFoundRefusal(SHIPMENT_NOT_FOUND);
      if (!cancellable(locked.shipment.status)) throw new Refusal('conflict', `Shipment ${id} has left the shop (${locked.shipment.status}); it can only come back to origin`);
      await this.progress.step(tx, locked.order, locked.shipment, 'cancelled', 'admin', 'Cancelled before pickup', actor);
      if (locked.shipment.providerOrderId || locked.shipment.bookingState !== 'idle') {
        await this.jobs.sendInTransaction(tx, COURIER_QUEUE, { shipmentId: id, step: 'cancel' } satisfies CourierJob, { singletonKey: `cancel:${id}` });
      }
      await recordAudit(tx, { actorId: actor.id, action: 'shipment.cancel', targetType: 'shipment', targetId: String(id), details: { orderNumber: locked.order.orderNumber } });
    });
    return this.find(id);
  }

  /** An admin's word on a parcel sent by hand (as its courier reports it), or a return to origin of any parcel. */
  async setStatus(actor: Actor, id: number, status: ShipmentStatus, note?: string): Promise<Shipment> {
    await this.db.transaction(async (tx) => {
      const locked = await this.progress.lock(tx, id);
      if (!locked) throw notFoundRefusal(SHIPMENT_NOT_FOUND);
      if (locked.shipment.provider !== 'manual' && status !== 'rto-delivered') {
        throw fieldRefusal('conflict', 'status', `Shipment ${id} is tracked by its courier; its status follows the courier's reports`);
      }
      const before = locked.shipment.status;
      const after = await this.progress.step(tx, locked.order, locked.shipment, status, 'admin', note ?? 'Set by the back office', actor);
      if (after.status === before) throw fieldRefusal('conflict', 'status', `Shipment ${id} cannot go from ${before} to ${status}`);
      await recordAudit(tx, { actorId: actor.id, action: 'shipment.status', targetType: 'shipment', targetId: String(id), details: { before, after: status, note: note ?? null } });
    });
    return this.find(id);
  }

  /**
   * What the courier does about a failed delivery: try again (the customer's choice, with a day or a corrected
   * phone or address) or bring it back (the admin's). Passed to the courier by a job.
   */
  async decideNdr(who: { actor: Actor; customer?: { userId: string; orderRef: string } }, id: number, decision: NdrDecisionBody): Promise<Shipment> {
    await this.db.transaction(async (tx) => {
      const locked = await this.progress.lock(tx, id);
      const ofCustomer = who.customer;
      if (!locked || (ofCustomer && (locked.order.userId !== ofCustomer.userId || !matchesOrder(locked.order, ofCustomer.orderRef)))) throw notFoundRefusal(SHIPMENT_NOT_FOUND);
      if (locked.shipment.status !== 'undelivered') throw new Refusal('conflict', `Shipment ${id} is not waiting for a decision on a failed delivery`);
      if (ofCustomer && decision.action === 'return') throw fieldRefusal('forbidden', 'action', 'Only the shop can send a parcel back');
      const now = this.clock();
      await tx.update(shipments).set({ ndrAction: decision.action, ndrActionAt: now, updatedAt: now }).where(eq(shipments.id, id));
      const said = decision.action === 'return' ? 'Return to origin requested' : `Re-attempt requested${decision.preferredDate ? ` for ${decision.preferredDate}` : ''}`;
      await tx.insert(shipmentEvents).values({ shipmentId: id, status: null, courierStatus: `ndr:${decision.action}:${now.getTime()}`, activity: said, eventAt: now, source: ofCustomer ? 'customer' : 'admin', createdAt: now });
      if (locked.shipment.provider !== 'manual') await this.jobs.sendInTransaction(tx, COURIER_QUEUE, { shipmentId: id, step: 'ndr', decision } satisfies CourierJob);
      await recordAudit(tx, { actorId: who.actor.id, action: 'shipment.ndr', targetType: 'shipment', targetId: String(id), details: { decision } });
    });
    return this.find(id);
  }
}

/** Booked through the courier's API, so the courier makes its label and manifest. */
function bookedWithCourier(row: ShipmentRow): boolean {
  return row.provider !== 'manual' && row.providerShipmentId !== null;
}

function matchesOrder(order: OrderRow, ref: string): boolean {
  return order.id === ref || order.orderNumber === ref.toUpperCase();
}

/** The units of each line not yet in a live parcel. */
function remaining(ordered: ReadonlyMap<number, number>, shipped: readonly ShipmentLine[]): ShipmentLine[] {
  const left: ShipmentLine[] = [];
  for (const [orderItemId, quantity] of ordered) {
    const taken = shipped.filter((line) => line.orderItemId === orderItemId).reduce((sum, line) => sum + line.quantity, 0);
    if (quantity > taken) left.push({ orderItemId, quantity: quantity - taken });
  }
  return left;
}
