import { SHOP_FIGURES } from '../../../domain/figure-definitions.ts';
import { Link, useNavigate } from 'react-router';
import { formatRupees } from '../../../domain/money.ts';
import { DASHBOARD_PERIOD_NAMES, type DashboardPeriod } from '../../../domain/reporting-periods.ts';
import { useAdminSession } from '../admin/index.ts';
import { CodShareCard, FigureCard, RtoRateCard } from '../admin-analytics/index.ts';
import { orderDate, PAYMENT_LABELS, PAYMENT_STYLES, STATUS_LABELS, STATUS_STYLES } from '../admin-orders/index.ts';
import { BackupPanel } from './backup-panel.tsx';
import { useDashboardAdmin } from './use-dashboard-admin.ts';

const PERIOD_LABELS: Record<DashboardPeriod, string> = { today: 'Today', week: 'This Week', month: 'This Month', quarter: 'This Quarter', year: 'This Year' };
const AGAINST: Record<DashboardPeriod, string> = { today: 'yesterday', week: 'previous week', month: 'previous month', quarter: 'previous quarter', year: 'previous year' };
const QUICK_ACTIONS = [
  { to: '/admin/products', label: 'Add Product', icon: '⚗' },
  { to: '/admin/orders', label: 'View Orders', icon: '▣' },
  { to: '/admin/analytics', label: 'Analytics', icon: '◔' },
  { to: '/admin/users', label: 'Users', icon: '✦' },
];
const LOW_STOCK_THRESHOLD = 5;

/** The admin's first screen: the period's figures against the period before, latest orders, low stock, backups. */
export function DashboardAdminPage() {
  const { admin, signOut } = useAdminSession();
  const navigate = useNavigate();
  const { period, setPeriod, summary } = useDashboardAdmin();
  const data = summary.data;
  const against = AGAINST[period];
  const rupees = (value: number) => formatRupees(value, { compact: true });

  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <p className="eyebrow">Dashboard</p>
          <h1 className="mt-1 text-2xl text-gold-bright">Welcome back, {admin?.name}</h1>
        </div>
        <div className="flex flex-wrap gap-2">
          <label>
            <span className="sr-only">Period</span>
            <select className="field" value={period} onChange={(event) => setPeriod(event.target.value as DashboardPeriod)}>
              {DASHBOARD_PERIOD_NAMES.map((name) => (
                <option key={name} value={name}>
                  {PERIOD_LABELS[name]}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="btn-ghost" onClick={() => void signOut().then(() => navigate('/admin/login'))}>
            Sign Out
          </button>
        </div>
      </div>

      {summary.isError ? (
        <p role="alert" className="panel border-blood/50 p-4 text-blood">
          The dashboard could not be loaded: {(summary.error as Error).message}{' '}
          <button type="button" className="underline" onClick={() => void summary.refetch()}>
            Try again
          </button>
        </p>
      ) : null}

      <div className={`grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-6 ${summary.isFetching && data ? 'opacity-70' : ''}`} aria-busy={summary.isFetching}>
        {data ? (
          <>
            <FigureCard label="Revenue" icon="₹" figure={data.stats.revenue} format={rupees} against={against} definition={SHOP_FIGURES.revenue} />
            <FigureCard label="Orders" icon="▣" figure={data.stats.orders} format={(value) => value.toLocaleString('en-IN')} against={against} definition={SHOP_FIGURES.orders} />
            <FigureCard label="New Users" icon="✦" figure={data.stats.newUsers} format={(value) => value.toLocaleString('en-IN')} against={against} />
            <FigureCard label="Average Order" icon="⚖" figure={data.stats.averageOrderValue} format={rupees} against={against} definition={SHOP_FIGURES.average} />
            <CodShareCard figures={data.stats.cashOnDelivery} against={against} />
            <RtoRateCard figures={data.stats.cashOnDelivery} against={against} />
          </>
        ) : (
          !summary.isError &&
          [0, 1, 2, 3, 4, 5].map((key) => (
            <div key={key} className="panel h-28 animate-pulse p-4" aria-hidden="true">
              <div className="h-3 w-20 rounded bg-shadow" />
              <div className="mt-3 h-6 w-28 rounded bg-shadow" />
            </div>
          ))
        )}
      </div>

      <div className="grid gap-4 lg:grid-cols-3">
        <section className="panel min-w-0 p-4 lg:col-span-2" aria-labelledby="recent-orders-title">
          <div className="mb-3 flex items-center justify-between gap-2">
            <h2 id="recent-orders-title" className="text-sm tracking-wider text-gold uppercase">
              Recent Orders
            </h2>
            <Link to="/admin/orders" className="text-sm text-orchid hover:text-gold-bright">
              View All →
            </Link>
          </div>
          {data?.recentOrders.length === 0 ? <p className="py-6 text-center text-sm text-ash">No orders yet.</p> : null}
          <ul className="divide-y divide-shadow">
            {data?.recentOrders.map((order) => (
              <li key={order.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
                <span className="min-w-0 basis-full sm:basis-0 sm:flex-1">
                  <span className="block truncate text-mist">{order.customerName || 'Unknown'}</span>
                  <span className="block truncate font-mono text-xs text-ash">
                    {order.orderNumber} · {orderDate(order.createdAt)}
                  </span>
                </span>
                <span className={`rounded-full border px-2 py-0.5 text-xs whitespace-nowrap ${STATUS_STYLES[order.status]}`}>{STATUS_LABELS[order.status]}</span>
                {/* The payment beside the status: an order not paid yet (cash on delivery) is listed, not counted in Orders. */}
                <span className={`rounded-full border px-2 py-0.5 text-xs whitespace-nowrap ${PAYMENT_STYLES[order.paymentStatus]}`} data-testid="recent-order-payment">
                  {PAYMENT_LABELS[order.paymentStatus]}
                </span>
                <span className="ml-auto text-right text-gold-bright sm:ml-0 sm:w-24">{formatRupees(order.total)}</span>
              </li>
            ))}
          </ul>
        </section>

        <div className="space-y-4">
          <section className="panel p-4" aria-labelledby="quick-actions-title">
            <h2 id="quick-actions-title" className="mb-3 text-sm tracking-wider text-gold uppercase">
              Quick Actions
            </h2>
            <div className="grid grid-cols-2 gap-2">
              {QUICK_ACTIONS.map((action) => (
                <Link key={action.to} to={action.to} className="rounded-md border border-shadow bg-night p-3 text-center text-sm text-mist hover:border-gold/40 hover:text-gold-bright">
                  <span aria-hidden="true" className="block text-lg text-gold">
                    {action.icon}
                  </span>
                  {action.label}
                </Link>
              ))}
            </div>
          </section>

          <section className="panel p-4" aria-labelledby="low-stock-title">
            <h2 id="low-stock-title" className="mb-3 text-sm tracking-wider text-gold uppercase">
              Low Stock Alert
            </h2>
            <ul className="space-y-2 text-sm">
              {data?.lowStock.map((product) => (
                <li key={product.id} className="flex items-center gap-2">
                  <span className="min-w-0 basis-full sm:basis-0 sm:flex-1">
                    <span className="block truncate text-mist">{product.name}</span>
                    <span className="block text-xs text-ash">{product.category}</span>
                  </span>
                  <span
                    className={`rounded-full border px-2 py-0.5 text-xs whitespace-nowrap ${product.inventory === 0 ? 'border-blood/60 text-blood' : product.inventory <= LOW_STOCK_THRESHOLD ? 'border-ember/60 text-ember' : 'border-shadow text-ash'}`}
                  >
                    {product.inventory === 0 ? 'Out of stock' : `${product.inventory} left`}
                  </span>
                </li>
              ))}
            </ul>
            <Link to="/admin/products" className="btn-ghost mt-4 block text-center text-sm">
              Manage Inventory
            </Link>
          </section>

          <BackupPanel />
        </div>
      </div>
    </section>
  );
}
