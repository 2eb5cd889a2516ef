import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AttributionResponse } from '../../../contracts/attribution.ts';
import { formatRupees } from '../../../domain/money.ts';
import type { AnalyticsPeriod } from '../../../domain/reporting-periods.ts';
import { adminApi } from '../admin/index.ts';

const TOUCH_LABELS = { last: 'Last touch', first: 'First touch' } as const;

/**
 * Revenue and orders by the campaign or site that brought them (UTM source, medium and campaign, or the
 * referring site), by the last touch before the checkout or the first; orders with neither came direct.
 */
export function SourcesTab({ period }: { period: AnalyticsPeriod }) {
  const [touch, setTouch] = useState<keyof typeof TOUCH_LABELS>('last');
  const report = useQuery({
    queryKey: ['admin', 'analytics', 'sources', period, touch],
    queryFn: ({ signal }) => adminApi<AttributionResponse>(`/admin/analytics/sources?period=${period}&touch=${touch}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const rows = report.data?.rows ?? [];
  return (
    <section className="panel min-w-0 p-4" aria-label="Revenue by source">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm tracking-wider text-gold uppercase">Revenue by source</h2>
        <div role="radiogroup" aria-label="Which touch" className="flex gap-1">
          {(Object.keys(TOUCH_LABELS) as (keyof typeof TOUCH_LABELS)[]).map((name) => (
            <button
              key={name}
              type="button"
              role="radio"
              aria-checked={touch === name}
              onClick={() => setTouch(name)}
              className={`rounded-md border px-3 py-1 text-xs ${touch === name ? 'border-gold text-gold-bright' : 'border-shadow text-ash hover:text-mist'}`}
            >
              {TOUCH_LABELS[name]}
            </button>
          ))}
        </div>
      </div>
      {report.isError ? (
        <p role="alert" className="text-blood">
          Sources could not be loaded: {(report.error as Error).message}
        </p>
      ) : null}
      {report.data && rows.length === 0 ? <p className="py-6 text-center text-ash">No orders in this period.</p> : null}
      {rows.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <thead className="text-xs text-ash uppercase">
              <tr>
                <th scope="col" className="py-2">
                  Source
                </th>
                <th scope="col" className="py-2">
                  Medium
                </th>
                <th scope="col" className="py-2">
                  Campaign
                </th>
                <th scope="col" className="py-2 text-right">
                  Orders
                </th>
                <th scope="col" className="py-2 text-right">
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-shadow">
              {rows.map((row) => (
                <tr key={`${row.source}|${row.medium}|${row.campaign ?? ''}`}>
                  <td className="py-1.5 text-mist">{row.source}</td>
                  <td className="py-1.5 text-ash">{row.medium}</td>
                  <td className="py-1.5 text-ash">{row.campaign ?? '—'}</td>
                  <td className="py-1.5 text-right text-mist">{row.orders.toLocaleString('en-IN')}</td>
                  <td className="py-1.5 text-right text-gold-bright">{formatRupees(row.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <p className="mt-3 text-xs text-ash">Revenue is order totals less refunds; an order paid on delivery counts once its cash is collected.</p>
    </section>
  );
}
