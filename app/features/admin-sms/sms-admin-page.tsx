import { SMS_STATUS_LABELS, type SmsListResponse, type SmsStatus, type SmsSummary } from '../../../contracts/admin-sms.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';
import {
  AdminScreen,
  attemptsText,
  createdColumn,
  lastErrorColumn,
  type Column,
  ListEmpty,
  ListTable,
  MessageCard,
  OUTBOX_STATUS_TONES,
  RecipientAndStatus,
  RefreshButton,
  serverPages,
  StatusLabel,
  statusColumn,
  useAdminList,
  useListPage,
} from '../admin/index.ts';

const TEXTS_PER_PAGE = 25;

const STATUS_CLASS: Record<SmsStatus, string> = OUTBOX_STATUS_TONES;

function StatusBadge({ status }: { status: SmsStatus }) {
  return <StatusLabel tone={STATUS_CLASS[status]}>{SMS_STATUS_LABELS[status]}</StatusLabel>;
}

/**
 * Every text the shop sent or kept, newest first. Without an SMS provider (SMS_PROVIDER unset or log) the texts
 * are kept here, codes and all, so a demo shop's owner can sign in by phone.
 */
export function SmsAdminPage() {
  const [page, setPage] = useListPage(null);
  const list = useAdminList<SmsListResponse>('sms', '/admin/sms', { page, limit: TEXTS_PER_PAGE });
  const texts = list.data?.texts ?? [];
  const columns: Column<SmsSummary>[] = [
    createdColumn(),
    { header: 'To', className: 'w-40 px-3 py-2 whitespace-nowrap text-mist', cell: (text) => text.to },
    {
      header: 'Message',
      className: 'min-w-[18rem] px-3 py-2 text-mist',
      cell: (text) => (
        <>
          <span data-testid="sms-body">{text.body}</span>
          <span className="block text-xs text-ash">{text.template}</span>
        </>
      ),
    },
    statusColumn(
      'w-44 px-3 py-2',
      (text) => <StatusBadge status={text.status} />,
      (text) => attemptsText(text.attempts),
    ),
    lastErrorColumn('max-w-[14rem]'),
  ];
  return (
    <AdminScreen
      eyebrow="Whispers by wire"
      title="Text messages"
      intro={<p className="mt-1 text-sm text-ash">Every text the shop sends, newest first. Without an SMS provider they are kept here instead of sent.</p>}
      actions={<RefreshButton list={list} />}
    >
      <ListTable
        list={list}
        rows={texts}
        loading="Loading texts..."
        empty={<ListEmpty title="No texts yet." />}
        pages={serverPages(list.data?.pagination, page, setPage, 'Text pages', 'texts')}
        rowKey={(text) => text.id}
        columns={columns}
        caption="Text messages"
        rowProps={() => ({ 'data-testid': 'sms-row' })}
        cards={(text) => (
          <MessageCard
            testId="sms-card"
            head={<RecipientAndStatus to={text.to} status={<StatusBadge status={text.status} />} />}
            meta={`${formatShopDate(text.createdAt, 'dateTime')} · ${text.template} · ${attemptsText(text.attempts)}`}
            error={text.lastError}
          >
            <p className="text-sm text-mist" data-testid="sms-body">
              {text.body}
            </p>
          </MessageCard>
        )}
      />
    </AdminScreen>
  );
}
