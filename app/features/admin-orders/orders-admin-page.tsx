import { ADMIN_ORDER_SORTS, type Order } from '../../../contracts/orders.ts';
import { formatRupees } from '../../../domain/money.ts';
import { ORDER_STATUSES } from '../../../domain/orders.ts';
import { AdminScreen, type Column, FilterSelect, ListEmpty, ListTable, SearchField, sortOptions, statusOptions } from '../admin/index.ts';
import { OrderDetailDialog } from './order-detail-dialog.tsx';
import { orderDate, paymentBadge, STATUS_LABELS, STATUS_STYLES } from './order-status.ts';
import { useOrdersAdmin } from './use-orders-admin.ts';

const SORT_LABELS: Record<(typeof ADMIN_ORDER_SORTS)[number], string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  'total-desc': 'Total: high to low',
  'total-asc': 'Total: low to high',
  status: 'Status',
};

/** Order management: counts per status, search, filter, sort, the list, and the order in a modal. */
export function OrdersAdminPage() {
  const { search, status, setStatus, sort, setSort, setPage, list, filtered, clearFilters, selected, setSelected } = useOrdersAdmin();
  const counts = list.data?.counts;
  const orders = list.data?.orders ?? [];
  const pagination = list.data?.pagination;

  const columns: Column<Order>[] = [
    { header: 'Order', className: 'p-3 font-mono text-xs text-mist', cell: (order) => order.orderNumber },
    {
      header: 'Customer',
      className: 'p-3',
      cell: (order) => (
        <>
          <span className="block text-mist">{order.customerName || 'Unknown'}</span>
          <span className="block text-xs text-ash">{order.customerEmail}</span>
        </>
      ),
    },
    { header: 'Date', className: 'p-3 text-ash', cell: (order) => orderDate(order.createdAt) },
    { header: 'Items', className: 'p-3 text-ash', cell: (order) => order.itemCount },
    { header: 'Total', className: 'p-3 text-right text-mist', cell: (order) => formatRupees(order.total) },
    { header: 'Status', className: 'p-3', cell: (order) => <StatusBadge order={order} /> },
    { header: 'Payment', className: 'p-3', cell: (order) => <PaymentBadge order={order} /> },
    {
      header: <span className="sr-only">Actions</span>,
      className: 'p-3 text-right',
      cell: (order) => (
        <button type="button" className="btn-ghost px-3 py-1 text-xs" onClick={() => setSelected(order.id)} aria-label={`View order ${order.orderNumber}`}>
          View
        </button>
      ),
    },
  ];

  return (
    <AdminScreen eyebrow="Potions sent out" title="Order Management">
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
        <SearchField className="flex-1" label="Search orders" placeholder="Search order number, customer, email or potion" value={search.search} onChange={search.setSearch} />
        <FilterSelect label="Status" value={status} onChange={setStatus} options={statusOptions(ORDER_STATUSES, STATUS_LABELS)} />
        <FilterSelect label="Sort" value={sort} onChange={setSort} options={sortOptions(ADMIN_ORDER_SORTS, SORT_LABELS)} />
      </div>

      <ListTable
        list={list}
        error={{ prefix: 'Orders could not be loaded: ', onRetry: () => void list.refetch() }}
        rows={orders}
        loading="Loading orders..."
        empty={
          <ListEmpty
            title="No orders found"
            hint={filtered ? 'No order matches these filters.' : 'Orders appear here as soon as customers pay.'}
            action={
              filtered ? (
                <button type="button" className="btn-ghost mt-4" onClick={clearFilters}>
                  Clear Filters
                </button>
              ) : null
            }
          />
        }
        pages={pagination ? { page: pagination.page, pages: pagination.pages, onPage: setPage, detail: `${pagination.total} orders` } : undefined}
        rowKey={(order) => order.id}
        columns={columns}
        caption="Orders"
        rowProps={() => ({ className: 'hover:bg-night/60', 'data-testid': 'admin-order-row' })}
        cards={(order) => (
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
        )}
      />

      {selected ? <OrderDetailDialog orderId={selected} onClose={() => setSelected(null)} /> : null}
    </AdminScreen>
  );
}

function StatusBadge({ order }: { order: Order }) {
  return <span className={`inline-block rounded-full border px-2 py-0.5 text-xs whitespace-nowrap ${STATUS_STYLES[order.status]}`}>{STATUS_LABELS[order.status]}</span>;
}

function PaymentBadge({ order }: { order: Order }) {
  const { label, style } = paymentBadge(order);
  return (
    <span className={`inline-block rounded-full border px-2 py-0.5 text-xs whitespace-nowrap ${style}`} data-testid="admin-order-payment">
      {label}
    </span>
  );
}
