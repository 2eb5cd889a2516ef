import { SHOP_FIGURES } from '../../../domain/figure-definitions.ts';
import { useEffect, useState } from 'react';
import type { AnalyticsResponse } from '../../../contracts/analytics.ts';
import { formatRupees } from '../../../domain/money.ts';
import { shopDate } from '../../../domain/orders.ts';
import { ANALYTICS_PERIOD_NAMES, CONVERSION_RATE_DEFINITION, type AnalyticsPeriod } from '../../../domain/reporting-periods.ts';
import { DataTable } from '../admin/index.ts';
import { downloadText } from '../orders/index.ts';
import { analyticsCsv } from './analytics-csv.ts';
import { CATEGORY_COLOURS } from './chart-palette.ts';
import { CategoryChart, CustomerGrowthChart, preloadCharts, ProductBars, RevenueTrendChart } from './lazy-charts.tsx';
import { CodShareCard, FigureCard, RtoRateCard } from './figure-card.tsx';
import { SourcesTab } from './sources-tab.tsx';
import { useAnalyticsAdmin } from './use-analytics-admin.ts';

const PERIOD_LABELS: Record<AnalyticsPeriod, string> = { '7days': 'Last 7 days', '30days': 'Last 30 days', '3months': 'Last 3 months', '1year': 'Last year' };
const PREVIOUS_LABELS: Record<AnalyticsPeriod, string> = { '7days': 'previous 7 days', '30days': 'previous 30 days', '3months': 'previous 3 months', '1year': 'previous year' };
const TABS = ['Overview', 'Revenue', 'Products', 'Customers', 'Sources'] as const;
type Tab = (typeof TABS)[number];

const rupees = (value: number) => formatRupees(value, { compact: true });
const count = (value: number) => value.toLocaleString('en-IN');
const percent = (value: number) => `${value.toFixed(1)}%`;
const bucketText = (bucket: string, kind: 'day' | 'week') => {
  const date = new Date(`${bucket}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return kind === 'week' ? `week of ${date}` : date;
};

/** Advanced analytics: KPIs against the previous period, trends, categories, customers, and a CSV export. */
export function AnalyticsAdminPage() {
  const { period, setPeriod, report } = useAnalyticsAdmin();
  const [tab, setTab] = useState<Tab>('Overview');
  const data = report.data;
  useEffect(preloadCharts, []);

  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="eyebrow">The shop in numbers</p>
          <h1 className="mt-1 text-2xl text-gold-bright">Advanced Analytics</h1>
        </div>
        <div className="flex flex-wrap gap-2">
          <label>
            <span className="sr-only">Period</span>
            <select className="field" value={period} onChange={(event) => setPeriod(event.target.value as AnalyticsPeriod)}>
              {ANALYTICS_PERIOD_NAMES.map((name) => (
                <option key={name} value={name}>
                  {PERIOD_LABELS[name]}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="btn-gold"
            disabled={!data}
            onClick={() => data && downloadText(`analytics-${data.period}-${shopDate(new Date())}.csv`, analyticsCsv(data), 'text/csv')}
          >
            Export
          </button>
        </div>
      </div>

      <div role="tablist" aria-label="Analytics views" className="flex gap-1 overflow-x-auto border-b border-shadow">
        {TABS.map((name) => (
          <button
            key={name}
            id={`analytics-tab-${name}`}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls="analytics-panel"
            onClick={() => setTab(name)}
            className={`shrink-0 border-b-2 px-2.5 py-2 text-sm sm:px-4 ${tab === name ? 'border-gold text-gold-bright' : 'border-transparent text-ash hover:text-mist'}`}
          >
            {name}
          </button>
        ))}
      </div>

      {/* The panel the tabs control is always there, so the tabs never point at nothing while the report loads. */}
      <div
        id="analytics-panel"
        role="tabpanel"
        aria-labelledby={`analytics-tab-${tab}`}
        aria-busy={report.isFetching}
        className={`space-y-6 ${report.isFetching && data ? 'opacity-70' : ''}`}
      >
        {report.isError ? (
          <p role="alert" className="panel border-blood/50 p-4 text-blood">
            Analytics could not be loaded: {(report.error as Error).message}{' '}
            <button type="button" className="underline" onClick={() => void report.refetch()}>
              Try again
            </button>
          </p>
        ) : null}
        {!data && !report.isError ? <p className="panel p-8 text-center text-ash">Reading the stars...</p> : null}
        {data ? (
          <>
            <Kpis data={data} tab={tab} />
            {tab === 'Overview' ? <Overview data={data} /> : null}
            {tab === 'Revenue' ? <RevenueTab data={data} /> : null}
            {tab === 'Products' ? <ProductsTab data={data} /> : null}
            {tab === 'Customers' ? <CustomersTab data={data} /> : null}
            {tab === 'Sources' ? <SourcesTab period={period} /> : null}
          </>
        ) : null}
      </div>
    </section>
  );
}

function Kpis({ data, tab }: { data: AnalyticsResponse; tab: Tab }) {
  const against = PREVIOUS_LABELS[data.period];
  const { kpis } = data;
  const cards = {
    revenue: <FigureCard key="revenue" label="Revenue" icon="₹" figure={kpis.revenue} format={rupees} against={against} definition={SHOP_FIGURES.revenue} />,
    orders: <FigureCard key="orders" label="Orders" icon="▣" figure={kpis.orders} format={count} against={against} definition={SHOP_FIGURES.orders} />,
    aov: <FigureCard key="aov" label="Average Order" icon="⚖" figure={kpis.averageOrderValue} format={rupees} against={against} definition={SHOP_FIGURES.average} />,
    customers: <FigureCard key="customers" label="New Customers" icon="✦" figure={kpis.newCustomers} format={count} against={against} />,
    conversion: <FigureCard key="conversion" label="Conversion Rate" icon="◔" figure={kpis.conversionRate} format={percent} against={against} definition={CONVERSION_RATE_DEFINITION} />,
    codShare: <CodShareCard key="cod-share" figures={kpis.cashOnDelivery} against={against} />,
    rtoRate: <RtoRateCard key="rto-rate" figures={kpis.cashOnDelivery} against={against} />,
  };
  const shown =
    tab === 'Customers'
      ? [cards.customers, cards.conversion, cards.orders]
      : tab === 'Revenue'
        ? [cards.revenue, cards.aov, cards.orders, cards.codShare, cards.rtoRate]
        : tab === 'Products'
          ? [cards.revenue, cards.orders]
          : [cards.revenue, cards.orders, cards.aov, cards.customers, cards.conversion];
  return <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">{shown}</div>;
}

function Panel({ title, children, className = '' }: { title: string; children: React.ReactNode; className?: string }) {
  return (
    <section className={`panel min-w-0 p-4 ${className}`} aria-label={title}>
      <h2 className="mb-3 text-sm tracking-wider text-gold uppercase">{title}</h2>
      {children}
    </section>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return <p className="py-10 text-center text-sm text-ash">{children}</p>;
}

function Overview({ data }: { data: AnalyticsResponse }) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Panel title="Revenue Trend" className="lg:col-span-2">
        <RevenueTrendChart points={data.revenueTrend} />
      </Panel>
      <Panel title="Top Categories">
        <Categories data={data} />
      </Panel>
      <Panel title="Customer Growth" className="lg:col-span-2">
        <CustomerGrowthChart points={data.customerGrowth} />
      </Panel>
      <Panel title="Quick Insights">
        <Insights data={data} />
      </Panel>
    </div>
  );
}

function Categories({ data }: { data: AnalyticsResponse }) {
  if (data.topCategories.length === 0) return <Empty>No sales in this period yet.</Empty>;
  return (
    <>
      <CategoryChart categories={data.topCategories} height={180} />
      <ul className="mt-3 space-y-2 text-sm">
        {data.topCategories.map((category, index) => (
          <li key={category.id} className="flex items-center gap-2">
            <span aria-hidden="true" className="h-3 w-3 shrink-0 rounded-sm" style={{ backgroundColor: CATEGORY_COLOURS[index % CATEGORY_COLOURS.length] }} />
            <span className="min-w-0 flex-1 truncate text-mist">{category.name}</span>
            <span className="text-ash">{percent(category.share)}</span>
            <span className="w-24 text-right text-gold-bright">{rupees(category.revenue)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

function Insights({ data }: { data: AnalyticsResponse }) {
  const { insights, kpis } = data;
  const items = [
    insights.bestBucket
      ? `Best ${data.bucket}: ${bucketText(insights.bestBucket.bucket, data.bucket)} with ${formatRupees(insights.bestBucket.revenue)} from ${insights.bestBucket.orders} ${insights.bestBucket.orders === 1 ? 'order' : 'orders'}.`
      : 'No sales in this period yet.',
    data.topCategories[0] ? `${data.topCategories[0].name} leads with ${percent(data.topCategories[0].share)} of sales.` : null,
    `${insights.buyers} ${insights.buyers === 1 ? 'customer' : 'customers'} bought; ${percent(insights.returningBuyerShare)} of them had bought before.`,
    `${insights.unitsPerOrder.toFixed(1)} potions per order on average.`,
    `${kpis.activeCustomers.toLocaleString('en-IN')} active customers; ${percent(kpis.conversionRate.value)} of them ordered (conversion).`,
  ].filter(Boolean);
  return (
    <ul className="space-y-3 text-sm text-mist">
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <span aria-hidden="true" className="text-gold">
            ✧
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

function RevenueTab({ data }: { data: AnalyticsResponse }) {
  const rows = [...data.revenueTrend].reverse();
  return (
    <div className="space-y-4">
      <Panel title={`Revenue and orders per ${data.bucket}`}>
        <RevenueTrendChart points={data.revenueTrend} showOrders height={300} />
      </Panel>
      <Panel title="Breakdown">
        <DataTable
          className="max-h-96 overflow-y-auto"
          headClassName="sticky top-0 bg-crypt text-xs text-ash uppercase"
          rows={rows}
          rowKey={(point) => point.bucket}
          columns={[
            { header: data.bucket === 'week' ? 'Week of' : 'Date', headerClassName: 'py-2', className: 'py-1.5 text-ash', cell: (point) => bucketText(point.bucket, 'day') },
            { header: 'Orders', headerClassName: 'py-2 text-right', className: 'py-1.5 text-right text-mist', cell: (point) => point.orders },
            { header: 'Revenue', headerClassName: 'py-2 text-right', className: 'py-1.5 text-right text-gold-bright', cell: (point) => formatRupees(point.revenue) },
          ]}
        />
      </Panel>
    </div>
  );
}

function ProductsTab({ data }: { data: AnalyticsResponse }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel title="Top Categories">
        <Categories data={data} />
      </Panel>
      <Panel title="Top Potions">
        {data.topProducts.length === 0 ? (
          <Empty>No sales in this period yet.</Empty>
        ) : (
          <>
            <ProductBars products={data.topProducts} height={Math.max(160, data.topProducts.length * 44)} />
            <ol className="mt-3 space-y-2 text-sm">
              {data.topProducts.map((product) => (
                <li key={product.id} className="flex gap-2">
                  <span className="min-w-0 flex-1 truncate text-mist">{product.name}</span>
                  <span className="text-ash">{product.units} sold</span>
                  <span className="w-24 text-right text-gold-bright">{rupees(product.revenue)}</span>
                </li>
              ))}
            </ol>
          </>
        )}
      </Panel>
    </div>
  );
}

function CustomersTab({ data }: { data: AnalyticsResponse }) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Panel title="Customer Growth" className="lg:col-span-2">
        <CustomerGrowthChart points={data.customerGrowth} height={300} />
      </Panel>
      <Panel title="Quick Insights">
        <Insights data={data} />
      </Panel>
    </div>
  );
}
