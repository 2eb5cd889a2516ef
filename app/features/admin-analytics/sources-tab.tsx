import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AttributionResponse } from '../../../contracts/attribution.ts';
import { formatRupees } from '../../../domain/money.ts';
import type { AnalyticsPeriod } from '../../../domain/reporting-periods.ts';
import { adminApi, DataTable } from '../admin/index.ts';

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
        <DataTable
          className="overflow-x-auto"
          tableClassName="w-full min-w-[32rem] text-left text-sm"
          headClassName="text-xs text-ash uppercase"
          rows={rows}
          rowKey={(row) => `${row.source}|${row.medium}|${row.campaign ?? ''}`}
          columns={[
            { header: 'Source', headerClassName: 'py-2', className: 'py-1.5 text-mist', cell: (row) => row.source },
            { header: 'Medium', headerClassName: 'py-2', className: 'py-1.5 text-ash', cell: (row) => row.medium },
            { header: 'Campaign', headerClassName: 'py-2', className: 'py-1.5 text-ash', cell: (row) => row.campaign ?? '—' },
            { header: 'Orders', headerClassName: 'py-2 text-right', className: 'py-1.5 text-right text-mist', cell: (row) => row.orders.toLocaleString('en-IN') },
            { header: 'Revenue', headerClassName: 'py-2 text-right', className: 'py-1.5 text-right text-gold-bright', cell: (row) => formatRupees(row.revenue) },
          ]}
        />
      ) : null}
      <p className="mt-3 text-xs text-ash">Revenue is order totals less refunds; an order paid on delivery counts once its cash is collected.</p>
    </section>
  );
}
