/**
 * Returns: which lines of a delivered order a customer may send back, within how long, what the refund of them is,
 * and how a return request moves through the back office (requested → approved → received, or rejected). Pure.
 */
import { lineNetPaise, type Bill } from './bill.ts';

export const RETURN_REASONS = ['damaged-or-leaking', 'wrong-item', 'not-as-described', 'changed-my-mind'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  'damaged-or-leaking': 'Damaged or leaking',
  'wrong-item': 'Wrong item',
  'not-as-described': 'Not as described',
  'changed-my-mind': 'Changed my mind',
};

/**
 * `refund_failed`: the units came back but their refund did not reach the customer (the provider declined it, or
 * reported it failed later); the back office retries it ('retry-refund'), which makes the return `received`.
 */
export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'refund_failed'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_STATUS_NAMES: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved — awaiting pickup',
  rejected: 'Rejected',
  received: 'Refunded',
  refund_failed: 'Refund failed — needs attention',
};
/**
 * The same steps as the customer reads them. A refund that failed is the shop's to mend (an admin retries it), so
 * the customer is told it is delayed and in hand, not that it 'needs attention'.
 */
export const RETURN_STATUS_NAMES_FOR_CUSTOMERS: Record<ReturnStatus, string> = {
  ...RETURN_STATUS_NAMES,
  refund_failed: "Refund delayed — we're on it",
};
/** Returns whose units are back with the shop, whatever became of their refund. */
export const RETURN_STATUSES_RECEIVED = ['received', 'refund_failed'] as const satisfies readonly ReturnStatus[];

export const RETURN_ACTIONS = ['approve', 'reject', 'receive', 'retry-refund'] as const;
export type ReturnAction = (typeof RETURN_ACTIONS)[number];

export const DEFAULT_RETURN_WINDOW_DAYS = 7;
export const MAX_RETURN_PHOTOS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReturnLine {
  orderItemId: number;
  quantity: number;
}

export interface ReturnRefusal {
  status: 400 | 409;
  field: string;
  message: string;
}

/** The last moment a return may be asked for: `days` whole days after delivery. */
export function returnWindowEnd(deliveredAt: Date, days: number): Date {
  return new Date(deliveredAt.getTime() + days * DAY_MS);
}

/**
 * Why a request cannot be made, or null. `returning` counts, per order line, the units already in a return that
 * was not rejected, so asking again for the same units is a duplicate (409), and asking more than was bought a 400.
 */
export function returnRequestRefusal(input: {
  order: { orderNumber: string; status: string; deliveredAt: Date | null };
  items: readonly { id: number; name: string; quantity: number }[];
  returning: ReadonlyMap<number, number>;
  lines: readonly ReturnLine[];
  now: Date;
  windowDays: number;
}): ReturnRefusal | null {
  const { order } = input;
  if (order.status !== 'delivered' || !order.deliveredAt) {
    return { status: 409, field: 'orderId', message: `Order ${order.orderNumber} has not been delivered yet; a return can be asked for once it has` };
  }
  if (input.now.getTime() > returnWindowEnd(order.deliveredAt, input.windowDays).getTime()) {
    return { status: 409, field: 'orderId', message: `Returns for order ${order.orderNumber} closed ${input.windowDays} days after delivery` };
  }
  const seen = new Set<number>();
  for (const [index, line] of input.lines.entries()) {
    const item = input.items.find((candidate) => candidate.id === line.orderItemId);
    if (!item) return { status: 400, field: `lines.${index}.orderItemId`, message: `Line ${line.orderItemId} is not part of order ${order.orderNumber}` };
    if (seen.has(line.orderItemId)) return { status: 400, field: `lines.${index}.orderItemId`, message: `${item.name} is listed twice` };
    seen.add(line.orderItemId);
    if (line.quantity > item.quantity) return { status: 400, field: `lines.${index}.quantity`, message: `Only ${item.quantity} of ${item.name} were bought` };
    const open = input.returning.get(line.orderItemId) ?? 0;
    if (line.quantity > item.quantity - open) {
      return { status: 409, field: `lines.${index}.quantity`, message: `${open} of ${item.name} are already in a return request` };
    }
  }
  return null;
}

/** What `quantity` units of a line were priced at checkout: their share of the line's total (unrounded). */
export function unitsShareOfLine(item: { quantity: number; lineTotalPaise: number }, quantity: number): number {
  return (item.lineTotalPaise * quantity) / item.quantity;
}

/**
 * What returning these units gives back: what the shopper paid for them, which is each unit's share of its
 * line after the adjustments the bill allocated to that line (so an offer on one potion comes back only with
 * it), rounded down to the paisa so the refunds of an order's returns never add up to more than was paid. The
 * charges (the Cash on Delivery fee) paid for delivering the order, which happened; they are not given back
 * with a return (decision 48).
 */
export function returnRefundPaise(bill: Bill, items: readonly { id: number; quantity: number; key: string }[], lines: readonly ReturnLine[]): number {
  let paid = 0;
  for (const line of lines) {
    const item = items.find((candidate) => candidate.id === line.orderItemId);
    if (item) paid += (lineNetPaise(bill, item.key) * line.quantity) / item.quantity;
  }
  return Math.max(0, Math.floor(paid));
}

/** The back office's next step for a return, or why it cannot be taken. */
export function nextReturnStatus(status: ReturnStatus, action: ReturnAction): { ok: true; status: ReturnStatus } | { ok: false; message: string } {
  if (action === 'approve' && status === 'requested') return { ok: true, status: 'approved' };
  if (action === 'reject' && status === 'requested') return { ok: true, status: 'rejected' };
  if (action === 'receive' && status === 'approved') return { ok: true, status: 'received' };
  if (action === 'retry-refund' && status === 'refund_failed') return { ok: true, status: 'received' };
  const needs = action === 'receive' ? 'an approved return' : action === 'retry-refund' ? 'a return whose refund failed' : 'a return that was just requested';
  const verb = action === 'retry-refund' ? 'retry the refund of' : action;
  return { ok: false, message: `Cannot ${verb} a return that is ${RETURN_STATUS_NAMES[status].toLowerCase()}: only ${needs} can be` };
}
