import type { RecoveredOrder, RecoveryReportResponse, RecoveryWeek } from '../../../contracts/cart-recovery.ts';
import { formatRupees } from '../../../domain/money.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';
import { AdminScreen, type Column, DataTable, ListEmpty, ListTable, Pagination, RefreshButton, serverPages, StatCards, StatusLabel, useAdminList, useListPage } from '../admin/index.ts';

const ORDERS_PER_PAGE = 25;

const STEP_LABEL = { first: 'First reminder', second: 'Second reminder' } as const;
const CAUSE_LABEL = { cart: 'cart left', checkout: 'payment not finished' } as const;

const share = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : '–');
const weekLabel = (weekStart: string) => `Week of ${formatShopDate(`${weekStart}T12:00:00+05:30`, 'day')}`;

function ReminderBadge({ order }: { order: RecoveredOrder }) {
  return (
    <StatusLabel tone="border-gold/60 text-gold-bright" testId="recovered-by">
      {STEP_LABEL[order.step]}
    </StatusLabel>
  );
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

function settingsText(settings: RecoveryReportResponse['settings']): string {
  const first = settings.first.enabled ? `the first reminder ${plural(settings.first.delayMinutes, 'minute')} after a cart or payment is left` : 'no first reminder';
  const second = settings.second.enabled
    ? `the second after ${plural(settings.second.delayHours, 'hour')}${settings.second.promotionCode ? `, offering ${settings.second.promotionCode}` : ''}`
    : 'no second reminder';
  return `Signed-in shoppers get ${first}, and ${second}. Nothing after an order, an emptied cart or an unsubscribe.`;
}

/**
 * What abandoned-checkout recovery earns: by the week reminders went, how many went, how many links were
 * opened, how many orders came back and their totals; below, each recovered order with the reminder that brought it.
 */
export function RecoveryAdminPage() {
  const [page, setPage] = useListPage(null);
  const list = useAdminList<RecoveryReportResponse>('recovery', '/admin/recovery', { page, limit: ORDERS_PER_PAGE });
  const weeks = list.data?.weeks ?? [];
  const orders = list.data?.orders ?? [];
  const totals = weeks.reduce(
    (sum, week) => ({ reminded: sum.reminded + week.reminded, opened: sum.opened + week.opened, recovered: sum.recovered + week.recovered, revenue: sum.revenue + week.revenue }),
    {
      reminded: 0,
      opened: 0,
      recovered: 0,
      revenue: 0,
    },
  );
  const weekColumns: Column<RecoveryWeek>[] = [
    { header: 'Week', className: 'px-3 py-2 whitespace-nowrap text-mist', cell: (week) => weekLabel(week.weekStart) },
    { header: 'Reminded', className: 'px-3 py-2 text-right text-mist', cell: (week) => week.reminded },
    { header: 'Opened', className: 'px-3 py-2 text-right text-mist', cell: (week) => `${week.opened} (${share(week.opened, week.reminded)})` },
    { header: 'Recovered', className: 'px-3 py-2 text-right text-mist', cell: (week) => `${week.recovered} (${share(week.recovered, week.reminded)})` },
    { header: 'Revenue recovered', className: 'px-3 py-2 text-right whitespace-nowrap text-gold-bright', cell: (week) => formatRupees(week.revenue) },
  ];
  const orderColumns: Column<RecoveredOrder>[] = [
    { header: 'Order', className: 'px-3 py-2 whitespace-nowrap text-mist', cell: (order) => order.orderNumber },
    { header: 'Placed', className: 'px-3 py-2 text-xs text-ash', cell: (order) => formatShopDate(order.placedAt, 'dateTime') },
    {
      header: 'Brought back by',
      className: 'px-3 py-2',
      cell: (order) => (
        <>
          <ReminderBadge order={order} />
          <span className="mt-1 block text-xs text-ash">
            {CAUSE_LABEL[order.cause]} · sent {formatShopDate(order.remindedAt, 'dateTime')}
            {order.promotionCode ? ` · offered ${order.promotionCode}` : ''}
          </span>
        </>
      ),
    },
    { header: 'Total', className: 'px-3 py-2 text-right whitespace-nowrap text-gold-bright', cell: (order) => formatRupees(order.total) },
  ];
  return (
    <AdminScreen
      eyebrow="Lost carts, returned"
      title="Recovery"
      intro={<p className="mt-1 max-w-2xl text-sm text-ash">{list.data ? settingsText(list.data.settings) : 'Reminders to shoppers who left their cart, and what they brought back.'}</p>}
      actions={<RefreshButton list={list} />}
    >
      <StatCards
        className="lg:grid-cols-4"
        items={[
          ['Carts reminded', list.data ? totals.reminded : undefined],
          ['Links opened', list.data ? totals.opened : undefined],
          ['Orders recovered', list.data ? totals.recovered : undefined],
          ['Revenue recovered', list.data ? formatRupees(totals.revenue) : undefined],
        ]}
      />
      <ListTable
        list={list}
        error={{ onRetry: () => void list.refetch() }}
        rows={weeks}
        loading="Loading recovery..."
        empty={<ListEmpty title="No reminders yet." hint="The first goes when a signed-in shopper leaves a cart with potions in it." />}
        rowKey={(week) => week.weekStart}
        columns={weekColumns}
        caption="Reminders by week"
        rowProps={() => ({ 'data-testid': 'recovery-week' })}
        cards={(week) => (
          <article className="panel space-y-1 p-4" data-testid="recovery-week-card">
            <p className="font-display text-mist">{weekLabel(week.weekStart)}</p>
            <p className="text-sm text-ash">
              {week.reminded} reminded · {week.opened} opened · {week.recovered} recovered
            </p>
            <p className="text-gold-bright">{formatRupees(week.revenue)} recovered</p>
          </article>
        )}
      />
      {orders.length > 0 ? (
        <>
          <h2 className="mt-8 mb-3 font-display text-xl text-gold-bright">Recovered orders</h2>
          <DataTable
            rows={orders}
            rowKey={(order) => order.orderId}
            columns={orderColumns}
            caption="Recovered orders"
            rowProps={() => ({ 'data-testid': 'recovered-order' })}
            cards={(order) => (
              <article className="panel space-y-2 p-4" data-testid="recovered-order-card">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-mist">{order.orderNumber}</span>
                  <span className="text-gold-bright">{formatRupees(order.total)}</span>
                </div>
                <ReminderBadge order={order} />
                <p className="text-xs text-ash">
                  {CAUSE_LABEL[order.cause]} · placed {formatShopDate(order.placedAt, 'dateTime')}
                  {order.promotionCode ? ` · offered ${order.promotionCode}` : ''}
                </p>
              </article>
            )}
          />
          <Pagination {...serverPages(list.data?.pagination, page, setPage, 'Recovered order pages', 'orders')} />
        </>
      ) : null}
    </AdminScreen>
  );
}
