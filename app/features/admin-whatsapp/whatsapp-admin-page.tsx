import { WHATSAPP_STATUS_LABELS, type WhatsAppListResponse, type WhatsAppStatusName, type WhatsAppSummary, type WhatsAppTemplatesResponse } from '../../../contracts/whatsapp.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';
import {
  AdminScreen,
  attemptsText,
  createdColumn,
  lastErrorColumn,
  type Column,
  ListEmpty,
  ListError,
  ListTable,
  MessageCard,
  RecipientAndStatus,
  RefreshButton,
  serverPages,
  StatusLabel,
  statusColumn,
  useAdminList,
  useListPage,
} from '../admin/index.ts';

const MESSAGES_PER_PAGE = 25;

const STATUS_CLASS: Record<WhatsAppStatusName, string> = {
  queued: 'border-shadow text-ash',
  sending: 'border-orchid/60 text-orchid',
  sent: 'border-gold/60 text-gold',
  delivered: 'border-gold/60 text-gold-bright',
  read: 'border-gold text-gold-bright',
  failed: 'border-ember/60 text-ember',
  unconfirmed: 'border-ember/60 text-ember',
  dead: 'border-blood/60 text-blood',
  undelivered: 'border-blood/60 text-blood',
};

function StatusBadge({ status }: { status: WhatsAppStatusName }) {
  return (
    <StatusLabel tone={STATUS_CLASS[status]} testId="whatsapp-status">
      {WHATSAPP_STATUS_LABELS[status]}
    </StatusLabel>
  );
}

/** The message as the phone shows it: the words, then its quick-reply buttons. */
function Bubble({ body, buttons, testId }: { body: string; buttons: readonly string[]; testId: string }) {
  return (
    <div className="max-w-md" data-testid={testId}>
      <p className="rounded-md border border-shadow bg-night/60 px-3 py-2 text-sm break-words whitespace-pre-line text-mist">{body}</p>
      {buttons.length ? (
        <div className="mt-1 grid grid-cols-2 gap-1">
          {buttons.map((button) => (
            <span key={button} className="rounded-md border border-gold/40 px-2 py-1 text-center text-xs text-gold-bright">
              {button}
            </span>
          ))}
        </div>
      ) : null}
    </div>
  );
}

const HEALTH_TEXT = {
  off: 'WhatsApp is off: set the four WHATSAPP_ settings to send order updates there.',
  healthy: 'WhatsApp is on.',
  unhealthy: 'WhatsApp is refusing the access token (expired or revoked): messages wait and retry; replace WHATSAPP_ACCESS_TOKEN. E-mail still goes.',
} as const;

function when(summary: WhatsAppSummary): string {
  if (summary.readAt) return `read ${formatShopDate(summary.readAt, 'dateTime')}`;
  if (summary.deliveredAt) return `delivered ${formatShopDate(summary.deliveredAt, 'dateTime')}`;
  if (summary.sentAt) return `sent ${formatShopDate(summary.sentAt, 'dateTime')}`;
  return attemptsText(summary.attempts);
}

/** The approved templates, each filled with its sample values: what a shopper reads. */
function TemplatePreviews() {
  const templates = useAdminList<WhatsAppTemplatesResponse>('whatsapp-templates', '/admin/whatsapp/templates');
  return (
    <section aria-labelledby="whatsapp-templates" className="mt-8">
      <h2 id="whatsapp-templates" className="text-lg text-gold-bright">
        Templates
      </h2>
      <p className="mt-1 text-sm text-ash">Each as approved in WhatsApp Manager, with sample values. Button presses come back to the shop.</p>
      <ListError error={templates.error} />
      <ul className="mt-3 grid gap-4 md:grid-cols-2">
        {(templates.data?.templates ?? []).map((template) => (
          <li key={template.name} className="panel space-y-2 p-4" data-testid="whatsapp-template">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-mono text-sm text-gold">{template.name}</span>
              <span className="text-xs text-ash">
                {template.category.toLowerCase()} · {template.language}
              </span>
            </div>
            <Bubble body={template.preview} buttons={template.buttons} testId="whatsapp-template-preview" />
            {template.variables.length ? <p className="text-xs break-words text-ash">Variables: {template.variables.map((name, index) => `{{${index + 1}}} ${name}`).join(', ')}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Every WhatsApp message the shop sent, newest first, with what became of it; then the templates' previews. */
export function WhatsAppAdminPage() {
  const [page, setPage] = useListPage(null);
  const list = useAdminList<WhatsAppListResponse>('whatsapp', '/admin/whatsapp', { page, limit: MESSAGES_PER_PAGE });
  const messages = list.data?.messages ?? [];
  const columns: Column<WhatsAppSummary>[] = [
    createdColumn(),
    {
      header: 'To',
      className: 'w-40 px-3 py-2 whitespace-nowrap text-mist',
      cell: (message) => (
        <>
          {message.to}
          {message.orderNumber ? <span className="block text-xs text-ash">{message.orderNumber}</span> : null}
        </>
      ),
    },
    {
      header: 'Message',
      className: 'min-w-[18rem] px-3 py-2',
      cell: (message) => (
        <>
          <Bubble body={message.body} buttons={message.buttons} testId="whatsapp-body" />
          <span className="mt-1 block text-xs text-ash">{message.template}</span>
        </>
      ),
    },
    statusColumn('w-44 px-3 py-2', (message) => <StatusBadge status={message.status} />, when),
    lastErrorColumn('max-w-[14rem]'),
  ];
  const health = list.data?.health;
  return (
    <AdminScreen
      eyebrow="Whispers by WhatsApp"
      title="WhatsApp messages"
      intro={
        <p className={`mt-1 text-sm ${health === 'unhealthy' ? 'text-ember' : 'text-ash'}`} data-testid="whatsapp-health">
          {health ? HEALTH_TEXT[health] : 'Order updates sent on WhatsApp to customers who opted in, newest first.'}
        </p>
      }
      actions={<RefreshButton list={list} />}
    >
      <ListTable
        list={list}
        rows={messages}
        loading="Loading messages..."
        empty={<ListEmpty title="No WhatsApp messages yet." />}
        pages={serverPages(list.data?.pagination, page, setPage, 'WhatsApp pages', 'messages')}
        rowKey={(message) => message.id}
        columns={columns}
        caption="WhatsApp messages"
        rowProps={() => ({ 'data-testid': 'whatsapp-row' })}
        cards={(message) => (
          <MessageCard
            testId="whatsapp-card"
            head={<RecipientAndStatus to={message.to} status={<StatusBadge status={message.status} />} />}
            meta={`${formatShopDate(message.createdAt, 'dateTime')} · ${message.template} · ${when(message)}${message.orderNumber ? ` · ${message.orderNumber}` : ''}`}
            error={message.lastError}
          >
            <Bubble body={message.body} buttons={message.buttons} testId="whatsapp-body" />
          </MessageCard>
        )}
      />
      <TemplatePreviews />
    </AdminScreen>
  );
}
