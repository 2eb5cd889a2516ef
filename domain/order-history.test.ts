import { describe, expect, it } from 'vitest';
import {
  countByStatus,
  filterOrders,
  matchesSearch,
  orderPath,
  ordersCsv,
  ordersCsvFileName,
  orderStats,
  pageNumbers,
  pageOf,
  pageCount,
  sortOrders,
  type ListedOrder,
} from './order-history.ts';

let serial = 0;
function order(overrides: Partial<ListedOrder> = {}): ListedOrder {
  serial += 1;
  return {
    id: String(serial),
    _id: String(serial),
    orderNumber: `DP-20261120-${String(serial).padStart(4, '0')}`,
    createdAt: '2026-11-20T06:30:00.000Z',
    status: 'pending',
    paymentStatus: 'paid',
    paymentMethod: 'razorpay',
    total: 100,
    refundedAmount: 0,
    itemCount: 1,
    items: [{ name: 'Valor' }],
    ...overrides,
  };
}

const now = new Date('2026-11-21T06:30:00Z');

describe('finding an order', () => {
  it('matches the order number, ids and item names, ignoring case', () => {
    const placed = order({ orderNumber: 'DP-20261120-4821', items: [{ name: 'Dark Poppy' }, { name: 'Valor' }] });
    expect(matchesSearch(placed, '4821')).toBe(true);
    expect(matchesSearch(placed, 'dark pop')).toBe(true);
    expect(matchesSearch(placed, placed._id)).toBe(true);
    expect(matchesSearch(placed, '  ')).toBe(true);
    expect(matchesSearch(placed, 'moonlight')).toBe(false);
  });

  it('links to the order number, else the internal id', () => {
    expect(orderPath({ orderNumber: 'DP-20261120-4821', _id: '7', id: '7' })).toBe('/orders/DP-20261120-4821');
    expect(orderPath({ orderNumber: '', _id: '7', id: '8' })).toBe('/orders/7');
  });
});

describe('filters and sorts', () => {
  const old = order({ createdAt: '2026-06-01T06:30:00Z', status: 'delivered', total: 500 });
  const lastWeek = order({ createdAt: '2026-11-16T06:30:00Z', status: 'shipped', total: 50 });
  const today = order({ createdAt: '2026-11-21T05:00:00Z', status: 'pending', total: 250 });
  const all = [old, lastWeek, today];

  it('keeps only the chosen status and date range', () => {
    expect(filterOrders(all, { status: 'shipped' }, now)).toEqual([lastWeek]);
    expect(filterOrders(all, { range: 'week' }, now)).toEqual([today, lastWeek]);
    expect(filterOrders(all, { range: 'month' }, now)).toEqual([today, lastWeek]);
    expect(filterOrders(all, { range: 'year' }, now)).toEqual([today, lastWeek, old]);
    expect(filterOrders(all, { range: '3months' }, now)).toEqual([today, lastWeek]);
  });

  it('sorts by date, amount and the order journey', () => {
    expect(sortOrders(all, 'newest')).toEqual([today, lastWeek, old]);
    expect(sortOrders(all, 'oldest')).toEqual([old, lastWeek, today]);
    expect(sortOrders(all, 'amount-desc')).toEqual([old, today, lastWeek]);
    expect(sortOrders(all, 'amount-asc')).toEqual([lastWeek, today, old]);
    expect(sortOrders(all, 'status')).toEqual([today, lastWeek, old]);
  });

  it('counts orders per status tab', () => {
    expect(countByStatus(all)).toEqual({ all: 3, pending: 1, processing: 0, shipped: 1, delivered: 1 });
  });
});

describe('stat cards', () => {
  it('count money only for paid orders that stand, without rounding drift', () => {
    const stats = orderStats([
      order({ total: 0.1 }),
      order({ total: 0.2, status: 'delivered' }),
      order({ total: 999, status: 'cancelled', paymentStatus: 'refund_pending' }),
      order({ total: 50, paymentStatus: 'pending' }),
    ]);
    // The profile's definition of an order: paid and not cancelled; the cancelled one is counted apart.
    expect(stats.totalOrders).toBe(2);
    expect(stats.cancelled).toBe(1);
    expect(stats.totalSpent).toBe(0.3);
    expect(stats.averageOrder).toBe(0.15);
    expect(stats.delivered).toBe(1);
    expect(orderStats([]).averageOrder).toBe(0);
  });

  it('names the cash-on-delivery orders still to be paid beside Total Orders, which counts them once the courier is paid', () => {
    const stats = orderStats([
      order({ paymentStatus: 'cod_pending', paymentMethod: 'cod', total: 1199 }),
      order({ paymentStatus: 'cod_pending', paymentMethod: 'cod', status: 'cancelled' }),
      order({ paymentStatus: 'paid', paymentMethod: 'cod', status: 'delivered', total: 500 }),
    ]);
    expect(stats).toMatchObject({ totalOrders: 1, toPayOnDelivery: 1, cancelled: 1, totalSpent: 500 });
  });

  it('counts a partly returned order for what the customer kept, not for what was refunded', () => {
    const stats = orderStats([order({ total: 2598, refundedAmount: 1299, status: 'delivered' }), order({ total: 500 })]);
    expect(stats).toMatchObject({ totalOrders: 2, totalSpent: 1799, averageOrder: 899.5 });
  });
});

describe('pagination', () => {
  it('shows the first, the last and two either side of the current page', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(1, 10)).toEqual([1, 2, 3, 'gap', 10]);
    expect(pageNumbers(6, 12)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 12]);
    expect(pageNumbers(4, 10)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 10]);
    expect(pageNumbers(5, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap', 10]);
    expect(pageNumbers(10, 10)).toEqual([1, 'gap', 8, 9, 10]);
  });

  it('cuts pages of ten and keeps a page past the end on the last page', () => {
    const items = Array.from({ length: 23 }, (_, index) => index);
    expect(pageCount(items.length)).toBe(3);
    expect(pageCount(0)).toBe(1);
    expect(pageOf(items, 1)).toHaveLength(10);
    expect(pageOf(items, 3)).toEqual([20, 21, 22]);
    expect(pageOf(items, 9)).toEqual([20, 21, 22]);
  });
});

describe('CSV export', () => {
  it('writes the spec columns, shop dates, two-decimal totals and readable payment methods', () => {
    const csv = ordersCsv([order({ orderNumber: 'DP-20261121-0001', createdAt: '2026-11-20T19:00:00Z', status: 'shipped', itemCount: 3, total: 1234.5, paymentMethod: 'razorpay_card' })]);
    expect(csv).toBe('Order ID,Date,Status,Items,Total,Payment Method\r\nDP-20261121-0001,2026-11-21,shipped,3,1234.50,razorpay card\r\n');
  });

  it('keeps quotes and commas in their cell and never starts a formula', () => {
    const csv = ordersCsv([order({ orderNumber: '=HYPERLINK("x")', paymentMethod: 'card, "saved"' })]);
    expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""x"")",2026-11-20,pending,1,100.00,"card, ""saved"""`);
  });

  it('names the file for the shop date', () => {
    expect(ordersCsvFileName(new Date('2026-11-20T19:00:00Z'))).toBe('order-history-2026-11-21.csv');
  });
});
