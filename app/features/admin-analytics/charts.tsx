import { Area, Bar, BarChart, CartesianGrid, Cell, ComposedChart, Line, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { CategoryFigure, CustomerGrowthPoint, RevenuePoint } from '../../../contracts/analytics.ts';
import { formatRupees } from '../../../domain/money.ts';
import { AMETHYST, ASH, CATEGORY_COLOURS, CHART_HEIGHTS, GOLD, ORCHID, SHADOW } from './chart-palette.ts';


const tooltipStyle = { backgroundColor: '#1a1026', border: `1px solid ${SHADOW}`, borderRadius: 8, color: '#e9e1f5' };
const bucketLabel = (bucket: string) => new Date(`${bucket}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const compact = (rupees: number) => formatRupees(rupees, { compact: true }).replace(/\.00$/, '');

/** Revenue per day or week, orders on a second scale when asked. */
export function RevenueTrendChart({ points, showOrders = false, height = CHART_HEIGHTS.revenueTrend }: { points: RevenuePoint[]; showOrders?: boolean; height?: number }) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <ComposedChart data={points} margin={{ top: 8, right: showOrders ? 8 : 16, bottom: 0, left: 8 }}>
        <defs>
          <linearGradient id="revenue-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={GOLD} stopOpacity={0.5} />
            <stop offset="100%" stopColor={GOLD} stopOpacity={0} />
          </linearGradient>
        </defs>
        <CartesianGrid stroke={SHADOW} vertical={false} />
        <XAxis dataKey="bucket" tickFormatter={bucketLabel} stroke={ASH} fontSize={11} minTickGap={24} />
        <YAxis yAxisId="revenue" tickFormatter={compact} stroke={ASH} fontSize={11} width={72} />
        {showOrders ? <YAxis yAxisId="orders" orientation="right" allowDecimals={false} stroke={ORCHID} fontSize={11} width={32} /> : null}
        <Tooltip
          contentStyle={tooltipStyle}
          labelFormatter={(bucket) => bucketLabel(String(bucket))}
          formatter={(value, name) => (name === 'revenue' ? [formatRupees(Number(value)), 'Revenue'] : [String(value), 'Orders'])}
        />
        <Area yAxisId="revenue" type="monotone" dataKey="revenue" stroke={GOLD} strokeWidth={2} fill="url(#revenue-fill)" isAnimationActive={false} />
        {showOrders ? <Line yAxisId="orders" type="monotone" dataKey="orders" stroke={ORCHID} dot={false} strokeWidth={2} isAnimationActive={false} /> : null}
      </ComposedChart>
    </ResponsiveContainer>
  );
}

/** New customers per bucket as bars, with the running total as a line. */
export function CustomerGrowthChart({ points, height = CHART_HEIGHTS.customerGrowth }: { points: CustomerGrowthPoint[]; height?: number }) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={SHADOW} vertical={false} />
        <XAxis dataKey="bucket" tickFormatter={bucketLabel} stroke={ASH} fontSize={11} minTickGap={24} />
        <YAxis yAxisId="new" allowDecimals={false} stroke={ASH} fontSize={11} width={40} />
        <YAxis yAxisId="total" orientation="right" allowDecimals={false} stroke={ORCHID} fontSize={11} width={44} />
        <Tooltip
          contentStyle={tooltipStyle}
          labelFormatter={(bucket) => bucketLabel(String(bucket))}
          formatter={(value, name) => [String(value), name === 'newCustomers' ? 'New customers' : 'All customers']}
        />
        <Bar yAxisId="new" dataKey="newCustomers" fill={AMETHYST} radius={[3, 3, 0, 0]} isAnimationActive={false} />
        <Line yAxisId="total" type="monotone" dataKey="totalCustomers" stroke={ORCHID} dot={false} strokeWidth={2} isAnimationActive={false} />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

/** Share of the period's sales per category. */
export function CategoryChart({ categories, height = CHART_HEIGHTS.category }: { categories: CategoryFigure[]; height?: number }) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <PieChart>
        <Pie data={categories} dataKey="revenue" nameKey="name" innerRadius="55%" outerRadius="85%" paddingAngle={2} stroke="none" isAnimationActive={false}>
          {categories.map((category, index) => (
            <Cell key={category.id} fill={CATEGORY_COLOURS[index % CATEGORY_COLOURS.length]} />
          ))}
        </Pie>
        <Tooltip contentStyle={tooltipStyle} formatter={(value, name) => [formatRupees(Number(value)), String(name)]} />
      </PieChart>
    </ResponsiveContainer>
  );
}

/** Revenue per product, horizontal bars. */
export function ProductBars({ products, height = CHART_HEIGHTS.productBars }: { products: { name: string; revenue: number }[]; height?: number }) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={products} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={SHADOW} horizontal={false} />
        <XAxis type="number" tickFormatter={compact} stroke={ASH} fontSize={11} />
        <YAxis type="category" dataKey="name" stroke={ASH} fontSize={11} width={110} />
        <Tooltip contentStyle={tooltipStyle} formatter={(value) => [formatRupees(Number(value)), 'Revenue']} />
        <Bar dataKey="revenue" fill={GOLD} radius={[0, 3, 3, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
