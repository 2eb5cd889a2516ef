import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminOrderListResponse, Order } from '../../contracts/orders.ts';
import { ADMIN_ORDER_SORTS } from '../../contracts/orders.ts';
import { formatRupees } from '../../domain/money.ts';
import { ORDER_STATUSES, type OrderStatus } from '../../domain/orders.ts';
import { adminApi } from '../features/admin/admin-session.ts';
import { FilterSelect, SearchField } from '../features/admin/list-controls.tsx';
import { useSearchQuery } from '../features/admin/use-search-query.ts';
import { ADMIN_ORDERS_KEY, OrderDetailDialog } from '../features/admin-orders/order-detail-dialog.tsx';
import { orderDate, PAYMENT_LABELS, PAYMENT_STYLES, STATUS_LABELS, STATUS_STYLES } from '../features/admin-orders/order-status.ts';

const PAGE_SIZE = 50;
const SORT_LABELS: Record<(typeof ADMIN_ORDER_SORTS)[number], string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  'total-desc': 'Total: high to low',
  'total-asc': 'Total: low to high',
  status: 'Status',
};

export function meta() {
  return [{ title: 'Orders | Deosil Admin' }];
}

/** Order management: counts per status, search, filter, sort, the list, and the order in a modal. */
export default function AdminOrders() {
  const [searchParams] = useSearchParams();
  // A notification's link (/admin/orders?search=DP-…) opens the list already narrowed to that order.
  const { search, setSearch, query, clear: clearSearch } = useSearchQuery(searchParams.get('search') ?? '');
  const [status, setStatus] = useState<'all' | OrderStatus>('all');
  const [sort, setSort] = useState<(typeof ADMIN_ORDER_SORTS)[number]>('newest');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  useEffect(() => setPage(1), [query, status, sort]);

  const params = new URLSearchParams({ sort, page: String(page), limit: String(PAGE_SIZE), ...(query ? { search: query } : {}), ...(status !== 'all' ? { status } : {}) });
  const list = useQuery({
    queryKey: [...ADMIN_ORDERS_KEY, 'list', params.toString()],
    queryFn: ({ signal }) => adminApi<AdminOrderListResponse>(`/admin/orders?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (list.error) console.error('Orders could not be loaded', list.error);
  }, [list.error]);
  const counts = list.data?.counts;
  const orders = list.data?.orders ?? [];
  const filtered = Boolean(query) || status !== 'all';
  const clearFilters = () => {
    clearSearch();
    setStatus('all');
  };

  return (
    <section className="space-y-6">
      <div>
        <p className="eyebrow">Potions sent out</p>
        <h1 className="mt-1 text-2xl text-gold-bright">Order Management</h1>
      </div>

      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-7" aria-label="Orders by status">
        {(['all', ...ORDER_STATUSES] as const).map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={status === key}
            onClick={() => setStatus(key)}
            className={`panel p-3 text-left transition hover:border-gold/40 ${status === key ? 'border-gold/60 ring-1 ring-gold/40' : ''}`}
          >
            <span className="block text-xs text-ash">{key === 'all' ? 'All Orders' : STATUS_LABELS[key]}</span>
            <span className="mt-1 block font-display text-2xl text-gold-bright">{counts ? counts[key] : '–'}</span>
          </button>
        ))}
      </div>

      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchField className="flex-1" label="Search orders" placeholder="Search order number, customer, email or potion" value={search} onChange={setSearch} />
        <FilterSelect label="Status" value={status} onChange={setStatus} options={[['all', 'All statuses'], ...ORDER_STATUSES.map((value) => [value, STATUS_LABELS[value]] as const)]} />
        <label>
          <span className="sr-only">Sort</span>
          <select className="field" value={sort} onChange={(event) => setSort(event.target.value as typeof sort)}>
            {ADMIN_ORDER_SORTS.map((key) => (
              <option key={key} value={key}>
                Sort: {SORT_LABELS[key]}
              </option>
            ))}
          </select>
        </label>
      </div>

      {list.isLoading ? <p className="panel p-8 text-center text-ash">Loading orders...</p> : null}
      {list.isError ? (
        <p role="alert" className="panel border-blood/50 p-4 text-blood">
          Orders could not be loaded: {(list.error as Error).message}{' '}
          <button type="button" className="underline" onClick={() => void list.refetch()}>
            Try again
          </button>
        </p>
      ) : null}
      {list.isSuccess && orders.length === 0 ? (
        <div className="panel p-10 text-center">
          <p className="text-lg text-mist">No orders found</p>
          <p className="mt-1 text-sm text-ash">{filtered ? 'No order matches these filters.' : 'Orders appear here as soon as customers pay.'}</p>
          {filtered ? (
            <button type="button" className="btn-ghost mt-4" onClick={clearFilters}>
              Clear Filters
            </button>
          ) : null}
        </div>
      ) : null}

      {orders.length > 0 ? (
        <>
          <div className="panel hidden overflow-x-auto lg:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Orders</caption>
              <thead className="border-b border-shadow text-xs tracking-wider text-ash uppercase">
                <tr>
                  <th scope="col" className="p-3">
                    Order
                  </th>
                  <th scope="col" className="p-3">
                    Customer
                  </th>
                  <th scope="col" className="p-3">
                    Date
                  </th>
                  <th scope="col" className="p-3">
                    Items
                  </th>
                  <th scope="col" className="p-3 text-right">
                    Total
                  </th>
                  <th scope="col" className="p-3">
                    Status
                  </th>
                  <th scope="col" className="p-3">
                    Payment
                  </th>
                  <th scope="col" className="p-3">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-shadow">
                {orders.map((order) => (
                  <tr key={order.id} className="hover:bg-night/60" data-testid="admin-order-row">
                    <td className="p-3 font-mono text-xs text-mist">{order.orderNumber}</td>
                    <td className="p-3">
                      <span className="block text-mist">{order.customerName || 'Unknown'}</span>
                      <span className="block text-xs text-ash">{order.customerEmail}</span>
                    </td>
                    <td className="p-3 text-ash">{orderDate(order.createdAt)}</td>
                    <td className="p-3 text-ash">{order.itemCount}</td>
                    <td className="p-3 text-right text-mist">{formatRupees(order.total)}</td>
                    <td className="p-3">
                      <StatusBadge order={order} />
                    </td>
                    <td className="p-3">
                      <PaymentBadge order={order} />
                    </td>
                    <td className="p-3 text-right">
                      <button type="button" className="btn-ghost px-3 py-1 text-xs" onClick={() => setSelected(order.id)} aria-label={`View order ${order.orderNumber}`}>
                        View
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="space-y-3 lg:hidden" aria-label="Orders">
            {orders.map((order) => (
              <li key={order.id}>
                <button
                  type="button"
                  className="panel block w-full p-4 text-left hover:border-gold/40"
                  onClick={() => setSelected(order.id)}
                  aria-label={`View order ${order.orderNumber}`}
                  data-testid="admin-order-card"
                >
                  <span className="flex items-start justify-between gap-2">
                    <span className="font-mono text-xs break-all text-mist">{order.orderNumber}</span>
                    <StatusBadge order={order} />
                  </span>
                  <span className="mt-2 block text-mist">{order.customerName || 'Unknown'}</span>
                  <span className="block truncate text-xs text-ash">{order.customerEmail}</span>
                  <span className="mt-2 flex items-center justify-between gap-2 text-sm">
                    <span className="text-ash">
                      {orderDate(order.createdAt)} · {order.itemCount} {order.itemCount === 1 ? 'item' : 'items'}
                    </span>
                    <span className="text-gold-bright">{formatRupees(order.total)}</span>
                  </span>
                  {order.paymentStatus !== 'paid' ? (
                    <span className="mt-2 block">
                      <PaymentBadge order={order} />
                    </span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {list.data && list.data.pagination.pages > 1 ? (
        <nav className="flex items-center justify-center gap-3 text-sm" aria-label="Pages">
          <button type="button" className="btn-ghost px-3 py-1" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span className="text-ash">
            Page {list.data.pagination.page} of {list.data.pagination.pages} · {list.data.pagination.total} orders
          </span>
          <button type="button" className="btn-ghost px-3 py-1" disabled={page >= list.data.pagination.pages} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      ) : null}

      {selected ? <OrderDetailDialog orderId={selected} onClose={() => setSelected(null)} /> : null}
    </section>
  );
}

function StatusBadge({ order }: { order: Order }) {
  return <span className={`inline-block rounded-full border px-2 py-0.5 text-xs whitespace-nowrap ${STATUS_STYLES[order.status]}`}>{STATUS_LABELS[order.status]}</span>;
}

function PaymentBadge({ order }: { order: Order }) {
  return <span className={`inline-block rounded-full border px-2 py-0.5 text-xs whitespace-nowrap ${PAYMENT_STYLES[order.paymentStatus]}`}>{PAYMENT_LABELS[order.paymentStatus]}</span>;
}
