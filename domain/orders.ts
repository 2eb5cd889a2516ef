/**
 * Order rules shared by the server and the screens: statuses with their names, labels and progress, order
 * numbers, and delivery dates, all on the shop's clock (domain/shop-clock.ts).
 */
import { formatShopDate, SHOP_TIME_ZONE } from './shop-clock.ts';

export { SHOP_TIME_ZONE };

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'out-for-delivery', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * paid: money captured and kept; refund_pending: money captured but the order cannot stand (stock or coupon ran
 * out, or an admin cancelled it) and must be returned; refunded: returned.
 * Cash on delivery: cod_pending: placed to be paid on delivery (awaiting the customer's confirmation, then the
 * parcel); a collected order becomes paid; not_collected: cancelled before delivery or returned to origin, so no
 * money ever changed hands.
 */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refund_pending', 'refunded', 'cod_pending', 'not_collected'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Orders that stand: paid and not cancelled. They are the money spent (levels, achievements, revenue) and they are
 * what every "Orders" figure the customer sees counts (the profile, 'View All Orders (N)', Order History's Total
 * Orders); cancelled orders are still listed, labelled as cancelled, but not counted.
 */
export function countsAsSpent(order: { status: string; paymentStatus: string }): boolean {
  return order.paymentStatus === 'paid' && order.status !== 'cancelled';
}

/**
 * What an order that stands has cost its customer: its total less what the shop gave back for it (a return
 * refunded to the original method or to store credit). A wholly refunded order no longer stands (countsAsSpent);
 * a partly returned one counts for what was kept, so a level or "Total Spent" is never bought with a refund.
 */
export function spentPaise(order: { totalPaise: number; refundedPaise: number }): number {
  return order.totalPaise - order.refundedPaise;
}

/** The plain name of each status, as the back office and the customer's order badges print it. */
export const ORDER_STATUS_NAMES: Record<OrderStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  'out-for-delivery': 'Out for Delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The storefront's mystical wording of each status, and how far along the progress bar it stands. */
export const ORDER_STATUS_INFO: Record<OrderStatus, { label: string; progress: number }> = {
  pending: { label: 'Order Received', progress: 25 },
  processing: { label: 'Brewing in Progress', progress: 50 },
  shipped: { label: 'On Mystical Journey', progress: 75 },
  'out-for-delivery': { label: 'Approaching Your Realm', progress: 90 },
  delivered: { label: 'Mystical Delivery Complete', progress: 100 },
  cancelled: { label: 'Order Cancelled', progress: 0 },
};

/** Unknown statuses read as pending, as the storefront always showed them. */
function knownStatus(status: string): OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : 'pending';
}

export function statusInfo(status: string): { label: string; progress: number } {
  return ORDER_STATUS_INFO[knownStatus(status)];
}

export function statusName(status: string): string {
  return ORDER_STATUS_NAMES[knownStatus(status)];
}

/**
 * How a status reads in what the customer is told (the bell, e-mails): 'Out for Delivery — Approaching Your
 * Realm', never the stored 'out-for-delivery'. The one place that wording is made.
 */
export function orderStatusLabel(status: string): string {
  return `${statusName(status)} — ${statusInfo(status).label}`;
}

/** The customer's notification of a status change. */
export function statusChangeMessage(orderNumber: string, status: string): string {
  return `Order ${orderNumber} status changed to ${orderStatusLabel(status)}`;
}

export const CARRIERS = ['FedEx', 'UPS', 'DHL', 'India Post', 'Blue Dart', 'DTDC', 'Ecom Express', 'Delhivery'] as const;

const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar date in the shop's time zone as YYYY-MM-DD. */
export function shopDate(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The month (1–12) in the shop's time zone. */
export function shopMonth(instant: Date): number {
  return new Date(instant.getTime() + IST_OFFSET_MS).getUTCMonth() + 1;
}

/** The hour of the day (0–23) in the shop's time zone. */
export function shopHour(instant: Date): number {
  return new Date(instant.getTime() + IST_OFFSET_MS).getUTCHours();
}

/**
 * 'DP-20261121-4821': the shop date of the order and `digits` digits from `random` (0 ≤ random < 1). Four are
 * short enough to read out on the phone; a day's 10,000 of them run short on a sale day, so a writer that keeps
 * drawing taken numbers asks for more digits (`orderNumberDigits`).
 */
export function orderNumber(placedAt: Date, random: number, digits = 4): string {
  const suffix = String(Math.floor(random * 10 ** digits)).padStart(digits, '0');
  return `DP-${shopDate(placedAt).replace(/-/g, '')}-${suffix}`;
}

/**
 * How many digits the `attempt`-th draw of an order number uses: four for the first three draws, then six, then
 * eight. A draw clashes with the share of the day's numbers already taken, so three clashes in a row mean the
 * day's four-digit numbers are mostly gone (with 9,000 taken, three draws in a row clash 73% of the time); a
 * million six-digit numbers last any sale day, and eight digits make a clash after that practically impossible.
 */
export function orderNumberDigits(attempt: number): number {
  if (attempt <= FOUR_DIGIT_DRAWS) return 4;
  return attempt <= 6 ? 6 : 8;
}

/** Four-digit draws an order makes before it asks for six digits. */
export const FOUR_DIGIT_DRAWS = 3;

/**
 * The draw a day's next order starts at: the first (four digits), or, once an order of that day drew three taken
 * four-digit numbers in a row (`crowdedDay`: the day's numbers are mostly gone, as on a sale day of thousands of
 * orders), the first six-digit one, so the day's later orders stop paying for draws that clash (each is a write
 * the database refuses).
 */
export function firstOrderNumberAttempt(day: string, crowdedDay: string | null): number {
  return day === crowdedDay ? FOUR_DIGIT_DRAWS + 1 : 1;
}

/** Adds working days (Monday to Friday, shop time) to a moment. */
export function addBusinessDays(from: Date, days: number): Date {
  let cursor = from.getTime();
  let added = 0;
  while (added < days) {
    cursor += DAY_MS;
    const weekday = new Date(cursor + IST_OFFSET_MS).getUTCDay();
    if (weekday !== 0 && weekday !== 6) added += 1;
  }
  return new Date(cursor);
}

/** The estimated-delivery box: 'Delivered' once past, 'Today', 'Tomorrow', 'In N days' up to 7, else the date. */
export function deliveryEstimateText(now: Date, estimate: Date): string {
  const days = Math.round((Date.parse(shopDate(estimate)) - Date.parse(shopDate(now))) / DAY_MS);
  if (days < 0) return 'Delivered';
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  if (days <= 7) return `In ${days} days`;
  return formatShopDate(estimate);
}

/**
 * Where an order's goods go. Only an order of gift cards alone has no address (decision 0083), and such an order
 * never reaches a parcel, an invoice or a courier: asking it for one is a fault of the caller.
 */
export function goodsAddress<Address>(order: { orderNumber: string; shippingAddress: Address | null }): Address {
  if (!order.shippingAddress) throw new Error(`Order ${order.orderNumber} holds only gift cards: it has no address`);
  return order.shippingAddress;
}
