import { lazy, Suspense, type ComponentType } from 'react';
import { CHART_HEIGHTS } from './chart-palette.ts';
import type * as Charts from './charts.tsx';

/**
 * The analytics charts, loaded with their first use. recharts and d3 are the largest code of the back office: a
 * static import put them in the server's page build, which every start imports and keeps in memory though only
 * an admin's browser ever draws a chart (a chart renders only with the report's data, which the server does not
 * load). In the browser they come as a chunk of their own, asked for as the analytics page opens.
 */
const loadCharts = () => import('./charts.tsx');

/** Starts loading the charts while the report is fetched, so they are there when its figures arrive. */
export function preloadCharts(): void {
  void loadCharts();
}

function lazyChart<Props extends { height?: number }>(name: string, pick: (charts: typeof Charts) => ComponentType<Props>, height: number) {
  const Chart: ComponentType<Props> = lazy(async () => ({ default: pick(await loadCharts()) }));
  function LazyChart(props: Props) {
    // The chart's space is held while its code loads, so nothing below it moves when it appears.
    return (
      <Suspense fallback={<div aria-hidden="true" style={{ height: props.height ?? height }} />}>
        <Chart {...props} />
      </Suspense>
    );
  }
  LazyChart.displayName = name;
  return LazyChart;
}

export const RevenueTrendChart = lazyChart('RevenueTrendChart', (charts) => charts.RevenueTrendChart, CHART_HEIGHTS.revenueTrend);
export const CustomerGrowthChart = lazyChart('CustomerGrowthChart', (charts) => charts.CustomerGrowthChart, CHART_HEIGHTS.customerGrowth);
export const CategoryChart = lazyChart('CategoryChart', (charts) => charts.CategoryChart, CHART_HEIGHTS.category);
export const ProductBars = lazyChart('ProductBars', (charts) => charts.ProductBars, CHART_HEIGHTS.productBars);
