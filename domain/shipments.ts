/**
 * A shipment is one parcel of an order, booked with a courier. Its state moves only through the table below,
 * whoever reports the move (the courier's webhook, the tracking poll, an admin); the order's fulfilment status is
 * then derived from all its shipments (`orderMoveFor`) and applied through the order's lifecycle table.
 *
 * | from                | to                                                                                    |
 * | ---                 | ---                                                                                   |
 * | created             | awb-assigned, cancelled                                                               |
 * | awb-assigned        | pickup-scheduled, cancelled, and every step after pickup (a courier's scans can be lost) |
 * | pickup-scheduled    | cancelled, and every step after pickup                                                |
 * | picked-up           | in-transit, out-for-delivery, delivered, undelivered, rto-initiated                   |
 * | in-transit          | out-for-delivery, delivered, undelivered, rto-initiated                               |
 * | out-for-delivery    | delivered, undelivered, rto-initiated                                                 |
 * | undelivered (NDR)   | in-transit, out-for-delivery, delivered, undelivered (another failed attempt), rto-initiated |
 * | rto-initiated       | rto-delivered                                                                         |
 * | delivered, rto-delivered, cancelled | nothing: they are the parcel's end                                    |
 *
 * Couriers skip scans (a parcel can go from picked up to delivered in one report), so the table allows skipping
 * forward; it never allows a move back, so a late or repeated report cannot undo a later one. Once a parcel has
 * been picked up it can no longer be cancelled: it can only come back to origin.
 */
import type { OrderStatus } from './orders.ts';

export const SHIPMENT_STATUSES = [
  'created',
  'awb-assigned',
  'pickup-scheduled',
  'picked-up',
  'in-transit',
  'out-for-delivery',
  'undelivered',
  'delivered',
  'rto-initiated',
  'rto-delivered',
  'cancelled',
] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** Where a parcel the courier holds may be reported next; a report of any of them also proves the pickup. */
const AFTER_PICKUP: readonly ShipmentStatus[] = ['picked-up', 'in-transit', 'out-for-delivery', 'undelivered', 'delivered', 'rto-initiated'];

const MOVES: Record<ShipmentStatus, readonly ShipmentStatus[]> = {
  created: ['awb-assigned', 'cancelled'],
  'awb-assigned': ['pickup-scheduled', 'cancelled', ...AFTER_PICKUP],
  'pickup-scheduled': ['cancelled', ...AFTER_PICKUP],
  'picked-up': ['in-transit', 'out-for-delivery', 'delivered', 'undelivered', 'rto-initiated'],
  'in-transit': ['out-for-delivery', 'delivered', 'undelivered', 'rto-initiated'],
  'out-for-delivery': ['delivered', 'undelivered', 'rto-initiated'],
  undelivered: ['in-transit', 'out-for-delivery', 'delivered', 'undelivered', 'rto-initiated'],
  'rto-initiated': ['rto-delivered'],
  delivered: [],
  'rto-delivered': [],
  cancelled: [],
};

/** The shipment page's and timeline's words for each state. */
export const SHIPMENT_STATUS_NAMES: Record<ShipmentStatus, string> = {
  created: 'Packed, awaiting courier',
  'awb-assigned': 'Courier assigned',
  'pickup-scheduled': 'Pickup scheduled',
  'picked-up': 'Picked up',
  'in-transit': 'In transit',
  'out-for-delivery': 'Out for delivery',
  undelivered: 'Delivery attempt failed',
  delivered: 'Delivered',
  'rto-initiated': 'Returning to the shop',
  'rto-delivered': 'Returned to the shop',
  cancelled: 'Cancelled',
};

export type ShipmentMove = { ok: true; to: ShipmentStatus } | { ok: false; reason: 'unchanged' | 'backwards' | 'finished' };

/** Whether a shipment in `from` may move to `to`; a repeated failed attempt (undelivered again) is a move. */
export function moveShipment(from: ShipmentStatus, to: ShipmentStatus): ShipmentMove {
  if (MOVES[from].includes(to)) return { ok: true, to };
  if (MOVES[from].length === 0) return { ok: false, reason: 'finished' };
  return { ok: false, reason: from === to ? 'unchanged' : 'backwards' };
}

/** A parcel the courier has not yet taken can still be called off; after pickup it can only come back. */
export function cancellable(status: ShipmentStatus): boolean {
  return MOVES[status].includes('cancelled');
}

/** A label exists once a courier and AWB are assigned, and means nothing for a cancelled parcel. */
export function labelPrintable(status: ShipmentStatus): boolean {
  return status === 'awb-assigned' || status === 'pickup-scheduled';
}

const LEFT_THE_SHOP: ReadonlySet<ShipmentStatus> = new Set(['picked-up', 'in-transit', 'out-for-delivery', 'undelivered', 'delivered', 'rto-initiated', 'rto-delivered']);

/**
 * What the order's shipments, taken together, say of the order: the parcel furthest from the customer sets the
 * pace (an order is delivered when every live parcel is), and an order whose every parcel came back to the shop
 * is returned to origin. Cancelled shipments do not count; with none left the shipments say nothing.
 */
export type ShipmentsVerdict = { kind: 'status'; status: Extract<OrderStatus, 'processing' | 'shipped' | 'out-for-delivery' | 'delivered'> } | { kind: 'returned-to-origin' } | { kind: 'none' };

export function shipmentsVerdict(statuses: readonly ShipmentStatus[]): ShipmentsVerdict {
  const live = statuses.filter((status) => status !== 'cancelled');
  if (live.length === 0) return { kind: 'none' };
  if (live.every((status) => status === 'rto-delivered')) return { kind: 'returned-to-origin' };
  const arrived = live.filter((status) => status !== 'rto-delivered');
  if (arrived.every((status) => status === 'delivered')) return { kind: 'status', status: 'delivered' };
  if (arrived.some((status) => status === 'out-for-delivery')) return { kind: 'status', status: 'out-for-delivery' };
  if (arrived.some((status) => LEFT_THE_SHOP.has(status))) return { kind: 'status', status: 'shipped' };
  return { kind: 'status', status: 'processing' };
}

/** How far along each fulfilment status stands, so the shipments never walk an order back (say, delivered → shipped). */
const ORDER_PROGRESS: Partial<Record<OrderStatus, number>> = { pending: 0, processing: 1, shipped: 2, 'out-for-delivery': 3, delivered: 4 };

/**
 * The order status the shipments ask for, or null when the order should stay as it is: nothing to say, the
 * status it already has, or one behind it (a second parcel booked after the first was delivered leaves the
 * order delivered; an admin's correction is not undone by a slower parcel).
 */
export function orderStatusFromShipments(current: OrderStatus, verdict: ShipmentsVerdict): Exclude<ShipmentsVerdict, { kind: 'none' }> | null {
  if (verdict.kind === 'none' || current === 'cancelled') return null;
  if (verdict.kind === 'returned-to-origin') return verdict;
  if (verdict.status === current) return null;
  // A failed attempt leaves an order out for delivery as it was: the customer is told of the attempt itself.
  if ((ORDER_PROGRESS[verdict.status] ?? 0) < (ORDER_PROGRESS[current] ?? 0)) return null;
  return verdict;
}

/** One bottle's share of a parcel: what the courier weighs and measures, from the size's net quantity. */
export interface PackedUnit {
  netQuantityMl: number;
  quantity: number;
}

export interface PackageSize {
  weightGrams: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

/**
 * The parcel's declared weight and box. A filled perfume bottle weighs about 2.2 g per millilitre of perfume
 * (the glass is heavier than what it holds) plus 60 g of cap, carton and cushioning; the mailer box adds 120 g.
 * Boxes come in three sizes by the total volume of perfume. Couriers bill the greater of the dead weight and
 * the volumetric weight (l × b × h / 5000), so an honest declaration avoids weight-discrepancy charges.
 */
export function packageOf(units: readonly PackedUnit[]): PackageSize {
  const bottles = units.reduce((sum, unit) => sum + unit.quantity, 0);
  const millilitres = units.reduce((sum, unit) => sum + unit.netQuantityMl * unit.quantity, 0);
  const weightGrams = Math.round(120 + bottles * 60 + millilitres * 2.2);
  if (millilitres <= 60) return { weightGrams, lengthCm: 15, breadthCm: 10, heightCm: 8 };
  if (millilitres <= 200) return { weightGrams, lengthCm: 20, breadthCm: 15, heightCm: 10 };
  return { weightGrams, lengthCm: 30, breadthCm: 20, heightCm: 15 };
}

/** Which units of an order's lines a shipment carries. */
export interface ShipmentLine {
  orderItemId: number;
  quantity: number;
}

/**
 * The units of `wanted` that live shipments already carry beyond what the order has: a non-empty answer means
 * the same lines would be shipped twice (409). `ordered` is each line's quantity.
 */
export function overShipped(ordered: ReadonlyMap<number, number>, shipped: readonly ShipmentLine[], wanted: readonly ShipmentLine[]): ShipmentLine[] {
  const taken = new Map<number, number>();
  for (const line of shipped) taken.set(line.orderItemId, (taken.get(line.orderItemId) ?? 0) + line.quantity);
  const over: ShipmentLine[] = [];
  for (const line of wanted) {
    const left = (ordered.get(line.orderItemId) ?? 0) - (taken.get(line.orderItemId) ?? 0);
    if (line.quantity > left) over.push({ orderItemId: line.orderItemId, quantity: line.quantity - Math.max(0, left) });
    taken.set(line.orderItemId, (taken.get(line.orderItemId) ?? 0) + line.quantity);
  }
  return over;
}

/** What a parcel keeps of its courier's reports: where it stands, the courier's latest time, its failed attempts. */
export interface ParcelTrack {
  status: ShipmentStatus;
  /** The time of the latest courier report applied: an older one is kept in the timeline but moves nothing. */
  lastCourierEventAt: Date | null;
  ndrReason: string | null;
  ndrAttempts: number;
  ndrAction: string | null;
}

/** One report of a parcel's state, by the courier (timed by its clock) or by the shop. */
export interface ParcelReport {
  status: ShipmentStatus | null;
  activity: string;
  at: Date;
}

export interface TrackedReports {
  track: ParcelTrack;
  /** Whether any report moved the parcel (then its order follows). */
  moved: boolean;
  /** The parcel as each failed attempt left it, oldest first: each is told to the customer. */
  failedAttempts: ParcelTrack[];
}

/**
 * Applies reports the parcel has not had before, in the order they happened (whatever order they came in). With
 * `courierClock` (the courier's webhook and tracking poll) only the courier's own clock orders them: a report older
 * than the latest applied moves nothing. The shop's own steps are stamped by the shop's clock, so a courier scan
 * timed a little before a booking still counts. A report the table refuses moves nothing either.
 */
export function applyReports(track: ParcelTrack, reports: readonly ParcelReport[], courierClock: boolean): TrackedReports {
  let current = { ...track };
  let moved = false;
  const failedAttempts: ParcelTrack[] = [];
  for (const report of [...reports].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    if (!report.status) continue;
    if (courierClock) {
      if (current.lastCourierEventAt && report.at < current.lastCourierEventAt) continue;
      current.lastCourierEventAt = report.at;
    }
    const move = moveShipment(current.status, report.status);
    if (!move.ok) continue;
    moved = true;
    current = { ...current, status: move.to, ...failedAttemptFields(current, move.to, report) };
    if (move.to === 'undelivered') failedAttempts.push(current);
  }
  return { track: current, moved, failedAttempts };
}

/** A failed attempt keeps the courier's reason until the parcel is delivered or comes back. */
function failedAttemptFields(track: ParcelTrack, to: ShipmentStatus, report: ParcelReport): Partial<ParcelTrack> {
  if (to === 'undelivered') return { ndrReason: report.activity || 'The courier could not deliver', ndrAttempts: track.ndrAttempts + 1, ndrAction: null };
  if (to === 'delivered' || to === 'rto-initiated' || to === 'rto-delivered') return { ndrReason: null };
  return {};
}
