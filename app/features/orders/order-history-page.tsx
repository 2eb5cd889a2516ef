import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { BackLink } from '../../components/back-link.tsx';
import type { Order } from '../../../contracts/orders.ts';
import {
  countByStatus,
  DATE_RANGE_LABELS,
  DATE_RANGES,
  filterOrders,
  LIST_STATUS_FILTERS,
  ORDER_SORT_LABELS,
  ORDER_SORTS,
  orderPath,
  ordersCsv,
  ordersCsvFileName,
  orderStats,
  pageCount,
  pageNumbers,
  pageOf,
  type DateRange,
  type ListStatusFilter,
  type OrderSort,
} from '../../../domain/order-history.ts';
import { codStage, confirmByText } from '../../../domain/cod-progress.ts';
import { paymentMethodLabel } from '../../../domain/order-receipt.ts';
import { ORDER_STATUS_NAMES } from '../../../domain/orders.ts';
import { downloadText, formatOrderDate, formatRupees } from './order-format.ts';
import { EmptyOrders, ListError, ListLoading, StatCard } from './order-list-parts.tsx';
import { useMyOrders } from './order-queries.ts';
import { OrderStatusBadge, PaymentStatusBadge } from './order-status-badge.tsx';
import { CUSTOMER_FIGURES } from '../../../domain/figure-definitions.ts';

const STATUS_LABELS: Record<ListStatusFilter, string> = {
  all: 'All Orders',
  pending: ORDER_STATUS_NAMES.pending,
  processing: ORDER_STATUS_NAMES.processing,
  shipped: ORDER_STATUS_NAMES.shipped,
  delivered: ORDER_STATUS_NAMES.delivered,
};

/** /orders: every order with stats, filters, pages of ten and a CSV export. */
export function OrderHistoryPage() {
  const orders = useMyOrders();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ListStatusFilter>('all');
  const [range, setRange] = useState<DateRange>('all');
  const [sort, setSort] = useState<OrderSort>('newest');
  const [page, setPage] = useState(1);
  const all = useMemo(() => orders.data ?? [], [orders.data]);
  const stats = orderStats(all);
  const counts = countByStatus(all);
  const matching = filterOrders(all, { search, status, range, sort }, new Date());
  const pages = pageCount(matching.length);
  const current = Math.min(page, pages);
  const filtered = Boolean(search.trim()) || status !== 'all' || range !== 'all';

  // Every filter change starts again from the first page.
  const refine = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };
  const clear = () => {
    setSearch('');
    setStatus('all');
    setRange('all');
    setPage(1);
  };

  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <BackLink to="/profile">Back to Profile</BackLink>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl text-gold-bright sm:text-3xl">Order History</h1>
          <p className="text-ash">Every potion you have summoned</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-ghost disabled:cursor-not-allowed disabled:opacity-50" disabled={matching.length === 0} onClick={() => downloadText(ordersCsvFileName(new Date()), ordersCsv(matching), 'text/csv')}>
            Export CSV
          </button>
          <Link to="/products" className="btn-gold">
            Continue Shopping
          </Link>
        </div>
      </div>

      <div className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          label="Total Orders"
          definition={CUSTOMER_FIGURES.orders}
          value={
            <>
              {stats.totalOrders}
              {stats.toPayOnDelivery ? <span className="ml-2 font-sans text-xs text-ash">+ {stats.toPayOnDelivery} to pay on delivery</span> : null}
              {stats.cancelled ? <span className="ml-2 font-sans text-xs text-ash">+ {stats.cancelled} cancelled</span> : null}
            </>
          }
        />
        <StatCard label="Total Spent" definition={CUSTOMER_FIGURES.spent} value={formatRupees(stats.totalSpent)} />
        <StatCard label="Average Order" definition={CUSTOMER_FIGURES.average} value={formatRupees(stats.averageOrder)} />
        <StatCard label="Delivered" definition={CUSTOMER_FIGURES.delivered} value={stats.delivered} accent="text-emerald-200" />
      </div>

      <div className="panel mt-6 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4">
        <label className="text-sm text-ash sm:col-span-2 lg:col-span-1">
          Search
          <input type="search" className="field mt-1" placeholder="Order number or potion" value={search} onChange={(event) => refine(setSearch)(event.target.value)} />
        </label>
        <label className="text-sm text-ash">
          Status
          <select className="field mt-1" value={status} onChange={(event) => refine(setStatus)(event.target.value as ListStatusFilter)}>
            {LIST_STATUS_FILTERS.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]} ({counts[value]})
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm text-ash">
          Date
          <select className="field mt-1" value={range} onChange={(event) => refine(setRange)(event.target.value as DateRange)}>
            {DATE_RANGES.map((value) => (
              <option key={value} value={value}>
                {DATE_RANGE_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm text-ash">
          Sort
          <select className="field mt-1" value={sort} onChange={(event) => refine(setSort)(event.target.value as OrderSort)}>
            {ORDER_SORTS.map((value) => (
              <option key={value} value={value}>
                {ORDER_SORT_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
      </div>

      {orders.data ? (
        <p className="mt-4 text-sm text-ash" aria-live="polite">
          Showing {matching.length} of {all.length} orders{search.trim() ? ` matching “${search.trim()}”` : ''}
        </p>
      ) : null}

      <div className="mt-4">
        {orders.isPending ? (
          <ListLoading title="Loading Orders..." detail="Fetching your order history" />
        ) : orders.isError && !orders.data ? (
          <ListError onRetry={() => void orders.refetch()} />
        ) : matching.length === 0 ? (
          <EmptyOrders
            filtered={filtered && all.length > 0}
            onClear={clear}
            filteredTitle="No orders found matching your filters"
            emptyTitle="No orders yet"
            emptyText="Start exploring our mystical collection!"
            emptyAction="Browse Products"
          />
        ) : (
          <>
            <ul className="flex flex-col gap-4">
              {pageOf(matching, current).map((order) => (
                <li key={order.id}>
                  <HistoryCard order={order} />
                </li>
              ))}
            </ul>
            {pages > 1 ? <Pagination current={current} pages={pages} onPage={setPage} /> : null}
          </>
        )}
      </div>
    </section>
  );
}

function HistoryCard({ order }: { order: Order }) {
  return (
    <article className="panel p-4 sm:p-5" data-testid="history-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="font-display text-base text-gold-bright">{order.orderNumber}</h2>
          <p className="text-xs text-ash">
            {formatOrderDate(order.createdAt)} · {order.itemCount} {order.itemCount === 1 ? 'item' : 'items'}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <OrderStatusBadge status={order.status} />
          <PaymentStatusBadge order={order} />
          <p className="font-display text-lg text-mist">{formatRupees(order.total)}</p>
        </div>
      </div>
      {codStage(order) === 'awaiting_confirmation' && order.cashOnDelivery ? (
        <p className="mt-2 text-sm text-gold" data-testid="history-cod-confirm">
          Cash on delivery · awaiting your confirmation · {confirmByText(order.cashOnDelivery)}
        </p>
      ) : null}
      <ul className="mt-3 flex flex-col gap-1 text-sm">
        {order.items.slice(0, 3).map((item) => (
          <li key={item.id} className="flex justify-between gap-3">
            <span className="min-w-0 truncate text-mist">
              {item.name} <span className="text-ash">({item.size}) × {item.quantity}</span>
            </span>
            <span className="shrink-0 text-ash">{formatRupees(item.lineTotal)}</span>
          </li>
        ))}
        {order.items.length > 3 ? <li className="text-xs text-orchid">+{order.items.length - 3} more</li> : null}
      </ul>
      <div className="mt-3 flex flex-col gap-2 border-t border-shadow pt-3 text-xs text-ash sm:flex-row sm:items-center sm:justify-between">
        <p>
          {order.shippingAddress ? `Shipping to ${order.shippingAddress.street}, ${order.shippingAddress.city}` : `Gift cards of ${formatRupees(order.giftCardsBought)}, sent by e-mail`} · Payment: <span className="inline-block first-letter:uppercase">{paymentMethodLabel(order.paymentMethod)}</span>
        </p>
        <Link to={orderPath(order)} className="btn-ghost px-4 py-1.5 text-xs" aria-label={`View details of order ${order.orderNumber}`}>
          View Details
        </Link>
      </div>
    </article>
  );
}

function Pagination({ current, pages, onPage }: { current: number; pages: number; onPage(page: number): void }) {
  const go = (page: number) => {
    onPage(page);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  return (
    <nav aria-label="Order pages" className="mt-6 flex flex-wrap items-center justify-center gap-1.5">
      <button type="button" className="rounded-md border border-shadow px-3 py-1.5 text-sm text-mist disabled:opacity-40" disabled={current === 1} onClick={() => go(current - 1)}>
        Previous
      </button>
      {pageNumbers(current, pages).map((entry, index) =>
        entry === 'gap' ? (
          <span key={`gap-${index}`} aria-hidden="true" className="px-1 text-ash">
            …
          </span>
        ) : (
          <button
            key={entry}
            type="button"
            aria-current={entry === current ? 'page' : undefined}
            aria-label={`Page ${entry}`}
            onClick={() => go(entry)}
            className={`min-w-9 rounded-md border px-2.5 py-1.5 text-sm ${entry === current ? 'border-gold bg-gold/15 text-gold-bright' : 'border-shadow text-mist hover:border-gold/50'}`}
          >
            {entry}
          </button>
        ),
      )}
      <button type="button" className="rounded-md border border-shadow px-3 py-1.5 text-sm text-mist disabled:opacity-40" disabled={current === pages} onClick={() => go(current + 1)}>
        Next
      </button>
    </nav>
  );
}
