/**
 * How a customer's own orders are searched, filtered, sorted, counted, paged and exported on the tracking list
 * (/orders/track) and the order history (/orders). Pure: the screens hand in the orders the server returned.
 */
import { rupeesToPaise, paiseToRupees } from './money.ts';
import { countsAsSpent, ORDER_STATUSES, shopDate, spentPaise } from './orders.ts';
import { paymentMethodLabel } from './order-receipt.ts';

/** The fields of an order these rules read (the API's order carries many more). */
export interface ListedOrder {
  id: string;
  _id: string;
  orderNumber: string;
  createdAt: string;
  status: string;
  paymentStatus: string;
  paymentMethod: string;
  total: number;
  /** Rupees given back for it (returns refunded); the order counts as spent for the rest. */
  refundedAmount: number;
  itemCount: number;
  items: readonly { name: string }[];
}

/** Where a card or a button sends the customer: the order number, else the internal ids. */
export function orderPath(order: Pick<ListedOrder, 'orderNumber' | '_id' | 'id'>): string {
  return `/orders/${encodeURIComponent(order.orderNumber || order._id || order.id)}`;
}

/** Case-insensitive match on the order number, either id, or any item's name; blank matches everything. */
export function matchesSearch(order: ListedOrder, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [order.orderNumber, order.id, order._id, ...order.items.map((item) => item.name)].some((text) => text.toLowerCase().includes(needle));
}

/** The status filters of both lists; 'all' plus the four a customer waits through. */
export const LIST_STATUS_FILTERS = ['all', 'pending', 'processing', 'shipped', 'delivered'] as const;
export type ListStatusFilter = (typeof LIST_STATUS_FILTERS)[number];

export function countByStatus(orders: readonly ListedOrder[]): Record<ListStatusFilter, number> {
  const counts: Record<ListStatusFilter, number> = { all: orders.length, pending: 0, processing: 0, shipped: 0, delivered: 0 };
  for (const order of orders) {
    if (order.status in counts && order.status !== 'all') counts[order.status as ListStatusFilter] += 1;
  }
  return counts;
}

export const DATE_RANGES = ['all', 'week', 'month', '3months', 'year'] as const;
export type DateRange = (typeof DATE_RANGES)[number];
export const DATE_RANGE_LABELS: Record<DateRange, string> = {
  all: 'All Time',
  week: 'Last Week',
  month: 'Last Month',
  '3months': 'Last 3 Months',
  year: 'Last Year',
};

/** The earliest moment a range lets in: 7 days, or 1, 3 or 12 calendar months back from now. */
export function rangeStart(range: DateRange, now: Date): Date | null {
  if (range === 'all') return null;
  if (range === 'week') return new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
  const start = new Date(now.getTime());
  start.setUTCMonth(start.getUTCMonth() - (range === 'month' ? 1 : range === '3months' ? 3 : 12));
  return start;
}

export const ORDER_SORTS = ['newest', 'oldest', 'amount-desc', 'amount-asc', 'status'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export const ORDER_SORT_LABELS: Record<OrderSort, string> = {
  newest: 'Newest First',
  oldest: 'Oldest First',
  'amount-desc': 'Highest Amount',
  'amount-asc': 'Lowest Amount',
  status: 'By Status',
};

const time = (order: ListedOrder) => Date.parse(order.createdAt) || 0;
const lifecycle = (status: string) => {
  const index = (ORDER_STATUSES as readonly string[]).indexOf(status);
  return index === -1 ? 0 : index;
};

/** A sorted copy; ties fall back to newest first so the order of cards never jumps between refreshes. */
export function sortOrders<T extends ListedOrder>(orders: readonly T[], sort: OrderSort): T[] {
  const newest = (a: T, b: T) => time(b) - time(a) || b.orderNumber.localeCompare(a.orderNumber);
  const compare: Record<OrderSort, (a: T, b: T) => number> = {
    newest,
    oldest: (a, b) => -newest(a, b),
    'amount-desc': (a, b) => b.total - a.total || newest(a, b),
    'amount-asc': (a, b) => a.total - b.total || newest(a, b),
    // The order's journey: received, brewing, shipped, out for delivery, delivered, then cancelled.
    status: (a, b) => lifecycle(a.status) - lifecycle(b.status) || newest(a, b),
  };
  return [...orders].sort(compare[sort]);
}

export interface OrderListFilters {
  search?: string;
  status?: ListStatusFilter;
  range?: DateRange;
  sort?: OrderSort;
}

export function filterOrders<T extends ListedOrder>(orders: readonly T[], filters: OrderListFilters, now: Date): T[] {
  const start = rangeStart(filters.range ?? 'all', now);
  const status = filters.status ?? 'all';
  const kept = orders.filter(
    (order) => matchesSearch(order, filters.search ?? '') && (status === 'all' || order.status === status) && (!start || time(order) >= start.getTime()),
  );
  return sortOrders(kept, filters.sort ?? 'newest');
}

export interface OrderStats {
  /** Orders that stand (countsAsSpent, domain/orders.ts): the same count as the profile's. */
  totalOrders: number;
  /** Listed, labelled, not counted in totalOrders. */
  cancelled: number;
  /** Placed for cash on delivery and not cancelled: listed, not counted in totalOrders until the courier is paid. */
  toPayOnDelivery: number;
  /** Rupees: paid orders that were not cancelled, less what was refunded for them. */
  totalSpent: number;
  averageOrder: number;
  delivered: number;
  pending: number;
  processing: number;
  shipped: number;
}

/** The stat cards; money counts only orders that were paid and stand, summed in paise. */
export function orderStats(orders: readonly ListedOrder[]): OrderStats {
  const spent = orders.filter(countsAsSpent);
  const spentTotalPaise = spent.reduce((sum, order) => sum + spentPaise({ totalPaise: rupeesToPaise(order.total), refundedPaise: rupeesToPaise(order.refundedAmount) }), 0);
  const counts = countByStatus(orders);
  return {
    totalOrders: spent.length,
    cancelled: orders.filter((order) => order.status === 'cancelled').length,
    toPayOnDelivery: orders.filter((order) => order.status !== 'cancelled' && order.paymentStatus === 'cod_pending').length,
    totalSpent: paiseToRupees(spentTotalPaise),
    averageOrder: spent.length ? paiseToRupees(Math.round(spentTotalPaise / spent.length)) : 0,
    delivered: counts.delivered,
    pending: counts.pending,
    processing: counts.processing,
    shipped: counts.shipped,
  };
}

export const HISTORY_PAGE_SIZE = 10;

export function pageCount(total: number, pageSize = HISTORY_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function pageOf<T>(items: readonly T[], page: number, pageSize = HISTORY_PAGE_SIZE): T[] {
  const current = Math.min(Math.max(1, page), pageCount(items.length, pageSize));
  return items.slice((current - 1) * pageSize, current * pageSize);
}

/**
 * Page buttons: the first, the last and those within 2 of the current one; 'gap' where pages are skipped. A gap
 * would hide a single page, so that page is shown instead.
 */
export function pageNumbers(current: number, pages: number): (number | 'gap')[] {
  const near = (page: number) => page === 1 || page === pages || Math.abs(page - current) <= 2;
  const shown: (number | 'gap')[] = [];
  for (let page = 1; page <= pages; page += 1) {
    if (near(page) || (near(page - 1) && near(page + 1))) shown.push(page);
    else if (shown.at(-1) !== 'gap') shown.push('gap');
  }
  return shown;
}

export const CSV_COLUMNS = ['Order ID', 'Date', 'Status', 'Items', 'Total', 'Payment Method'] as const;

/** A spreadsheet must not run a cell as a formula, and quotes and commas must stay inside their cell. */
function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The Export CSV file: one row per order, dates on the shop's clock, totals in rupees with two decimals. */
export function ordersCsv(orders: readonly ListedOrder[]): string {
  const rows = orders.map((order) => [
    order.orderNumber || order.id,
    shopDate(new Date(order.createdAt)),
    order.status,
    order.itemCount,
    order.total.toFixed(2),
    paymentMethodLabel(order.paymentMethod),
  ]);
  return [CSV_COLUMNS, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export function ordersCsvFileName(now: Date): string {
  return `order-history-${shopDate(now)}.csv`;
}
