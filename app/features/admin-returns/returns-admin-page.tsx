import type { OrderReturn } from '../../../contracts/returns.ts';
import { formatRupees } from '../../../domain/money.ts';
import { RETURN_STATUS_NAMES, RETURN_STATUSES, type ReturnStatus } from '../../../domain/returns.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';
import { AdminScreen, DataTable, FilterSelect, ListEmpty, ListError, ListLoading, Pagination, StatCards, statFilters, type Column } from '../admin/index.ts';
import { ReturnDetail } from './return-detail.tsx';
import { useReturnsAdmin } from './use-returns-admin.ts';

const STATUS_OPTIONS: [('all' | ReturnStatus), string][] = [['all', 'All returns'], ...RETURN_STATUSES.map((status): ['all' | ReturnStatus, string] => [status, RETURN_STATUS_NAMES[status]])];

/** The Returns queue: requests to approve or reject, approved returns to receive, and what was refunded. */
export function ReturnsAdminPage() {
  const { status, setStatus, page, setPage, list, selected, setSelected } = useReturnsAdmin();
  const counts = list.data?.counts;
  const showing = statFilters(status, setStatus);
  const open = (entry: OrderReturn) => (
    <button type="button" className="whitespace-nowrap text-gold-bright underline-offset-2 hover:underline" onClick={() => setSelected(entry)}>
      {entry.orderNumber}
    </button>
  );
  const columns: Column<OrderReturn>[] = [
    { header: 'Order', cell: open, className: 'px-4 py-3' },
    { header: 'Customer', cell: (entry) => entry.customerName, className: 'px-4 py-3' },
    { header: 'Potions', cell: (entry) => entry.lines.map((line) => `${line.quantity} × ${line.name}`).join(', '), className: 'px-4 py-3' },
    { header: 'Reason', cell: (entry) => entry.reasonName, className: 'px-4 py-3' },
    { header: 'Refund', cell: (entry) => formatRupees(entry.refundAmount), className: 'px-4 py-3 text-right' },
    { header: 'Status', cell: (entry) => entry.statusName, className: 'px-4 py-3' },
    { header: 'Asked', cell: (entry) => formatShopDate(new Date(entry.createdAt)), className: 'px-4 py-3' },
  ];

  return (
    <AdminScreen eyebrow="Potions coming home" title="Returns">
      <StatCards
        items={[
          ['To decide', counts?.requested, showing('requested')],
          ['Awaiting pickup', counts?.approved, showing('approved')],
          ['Received', counts?.received, showing('received')],
          ['Refund failed', counts?.refund_failed, showing('refund_failed')],
          ['Rejected', counts?.rejected, showing('rejected')],
        ]}
      />
      <FilterSelect label="Return status" value={status} onChange={setStatus} options={STATUS_OPTIONS} className="block max-w-xs" />
      <ListError error={list.error} />
      {list.isLoading ? <ListLoading>Loading returns...</ListLoading> : null}
      {list.data && list.data.returns.length === 0 ? <ListEmpty title="No returns here." /> : null}
      {list.data && list.data.returns.length > 0 ? (
        <DataTable
          rows={list.data.returns}
          rowKey={(entry) => entry.id}
          columns={columns}
          caption="Returns"
          rowProps={() => ({ 'data-testid': 'return-row' })}
          cards={(entry) => (
            <div className="panel space-y-1 p-4 text-sm" data-testid="return-card">
              <div className="flex items-center justify-between gap-2">
                {open(entry)}
                <span className="text-right text-ash">{entry.statusName}</span>
              </div>
              <p className="text-mist">{entry.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ')}</p>
              <p className="text-ash">
                {entry.reasonName} · {formatRupees(entry.refundAmount)} · {entry.customerName}
              </p>
            </div>
          )}
        />
      ) : null}
      <Pagination label="Return pages" page={page} pages={list.data?.pagination.pages ?? 1} onPage={setPage} />
      {selected ? <ReturnDetail entry={selected} onClose={() => setSelected(null)} /> : null}
    </AdminScreen>
  );
}
