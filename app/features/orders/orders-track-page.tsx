import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Order } from '../../../contracts/orders.ts';
import { countByStatus, filterOrders, LIST_STATUS_FILTERS, orderPath, type ListStatusFilter, type OrderSort } from '../../../domain/order-history.ts';
import { deliveryEstimateText } from '../../../domain/orders.ts';
import { formatOrderDate, formatRupees } from './order-format.ts';
import { EmptyOrders, ItemThumbnails, ListError, ListLoading, StatCard } from './order-list-parts.tsx';
import { useMyOrders } from './order-queries.ts';
import { OrderStatusBadge, PaymentStatusBadge, ProgressBar, statusDescription } from './order-status-badge.tsx';
import { CUSTOMER_FIGURES } from '../../../domain/figure-definitions.ts';

const TRACK_SORTS: { value: OrderSort; label: string }[] = [
  { value: 'newest', label: 'Newest First' },
  { value: 'oldest', label: 'Oldest First' },
  { value: 'amount-desc', label: 'Order Amount (highest first)' },
  { value: 'status', label: 'Status' },
];
const TAB_LABELS: Record<ListStatusFilter, string> = { all: 'All', pending: 'Pending', processing: 'Processing', shipped: 'Shipped', delivered: 'Delivered' };

/** /orders/track (and /orders/track/:orderId): 'My Orders', every order with where it is now. */
export function OrdersTrackPage({ orderId }: { orderId?: string }) {
  const orders = useMyOrders();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ListStatusFilter>('all');
  const [sort, setSort] = useState<OrderSort>('newest');
  const all = useMemo(() => {
    const list = orders.data ?? [];
    return orderId ? list.filter((order) => [order.id, order._id, order.orderNumber].includes(orderId)) : list;
  }, [orders.data, orderId]);
  const counts = countByStatus(all);
  const now = new Date();
  const shown = filterOrders(all, { search, status, sort }, now);
  const filtered = Boolean(search.trim()) || status !== 'all';

  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl text-gold-bright sm:text-3xl">My Orders</h1>
          <p className="text-ash">Track your mystical deliveries</p>
        </div>
        <div className="flex gap-2">
          <Link to="/orders" className="btn-ghost">
            Order History
          </Link>
          <button type="button" className="btn-ghost disabled:cursor-wait" onClick={() => void orders.refetch()} disabled={orders.isFetching} aria-busy={orders.isFetching}>
            <span aria-hidden="true" className={orders.isFetching ? 'inline-block animate-spin' : 'inline-block'}>
              ↻
            </span>
            Refresh
          </button>
        </div>
      </div>

      <div className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <StatCard label="Total" definition={CUSTOMER_FIGURES.listed} value={counts.all} />
        <StatCard label="Pending" definition={CUSTOMER_FIGURES.pending} value={counts.pending} accent="text-gold" />
        <StatCard label="Shipped" definition={CUSTOMER_FIGURES.shipped} value={counts.shipped} accent="text-sky-200" />
        <StatCard label="Delivered" definition={CUSTOMER_FIGURES.delivered} value={counts.delivered} accent="text-emerald-200" />
      </div>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <label className="flex-1">
          <span className="sr-only">Search orders</span>
          <input type="search" className="field" placeholder="Search orders by ID or product name..." value={search} onChange={(event) => setSearch(event.target.value)} />
        </label>
        <label className="flex items-center gap-2 text-sm text-ash">
          Sort
          <select className="field w-auto" value={sort} onChange={(event) => setSort(event.target.value as OrderSort)}>
            {TRACK_SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="mt-4 flex gap-2 overflow-x-auto pb-1" role="group" aria-label="Filter by status">
        {LIST_STATUS_FILTERS.map((tab) => (
          <button
            key={tab}
            type="button"
            aria-pressed={status === tab}
            onClick={() => setStatus(tab)}
            className={`shrink-0 rounded-full border px-4 py-1.5 text-sm transition ${status === tab ? 'border-gold bg-gold/15 text-gold-bright' : 'border-shadow text-ash hover:border-gold/50 hover:text-mist'}`}
          >
            {TAB_LABELS[tab]} ({counts[tab]})
          </button>
        ))}
      </div>

      <div className="mt-6">
        {orders.isPending ? (
          <ListLoading title="Loading your mystical orders..." />
        ) : orders.isError && !orders.data ? (
          <ListError onRetry={() => void orders.refetch()} />
        ) : shown.length === 0 ? (
          <EmptyOrders
            filtered={filtered}
            filteredTitle="No orders found"
            filteredText="Try adjusting your search or filter criteria."
            emptyTitle="No orders found"
            emptyText="You haven't placed any mystical orders yet."
            emptyAction="Start Shopping"
          />
        ) : (
          <ul className="flex flex-col gap-4">
            {shown.map((order) => (
              <li key={order.id}>
                <TrackCard order={order} now={now} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function TrackCard({ order, now }: { order: Order; now: Date }) {
  const estimate = order.status === 'cancelled' ? null : order.status === 'delivered' ? 'Delivered' : deliveryEstimateText(now, new Date(order.estimatedDelivery));
  return (
    <Link to={orderPath(order)} data-testid="track-card" className="panel block p-4 transition hover:border-gold/50 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-display text-gold-bright">{order.orderNumber}</p>
          <p className="text-xs text-ash">
            Placed {formatOrderDate(order.createdAt)} · {order.itemCount} {order.itemCount === 1 ? 'item' : 'items'}
          </p>
        </div>
        <p className="font-display text-lg text-mist">{formatRupees(order.total)}</p>
      </div>
      <div className="mt-4">
        <ItemThumbnails order={order} />
      </div>
      <div className="mt-4 flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <OrderStatusBadge status={order.status} withLabel />
          <PaymentStatusBadge order={order} />
          <span className="text-xs text-ash">{statusDescription(order.status)}</span>
        </div>
        <ProgressBar status={order.status} />
      </div>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        {order.tracking ? (
          <p className="text-xs text-ash">
            Tracking <span className="font-mono text-mist">{order.tracking.trackingNumber}</span> · {order.tracking.carrier}
          </p>
        ) : (
          <span />
        )}
        {estimate ? (
          <div className="rounded-lg border border-gold/30 bg-gold/5 px-3 py-2 text-right">
            <p className="text-[0.65rem] tracking-widest text-ash uppercase">Estimated delivery</p>
            <p className="font-display text-sm text-gold-bright">{estimate}</p>
          </div>
        ) : null}
      </div>
    </Link>
  );
}
