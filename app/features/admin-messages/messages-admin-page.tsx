import type { NewsletterSubscribersResponse } from '../../../contracts/admin-messages.ts';
import { AdminScreen, type Column, DataTable, ListEmpty, ListError, ListLoading } from '../admin/index.ts';
import { useMessagesAdmin } from './use-messages-admin.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';
import { TICKET_STATUS_LABELS } from '../../../domain/grievances.ts';
import { TicketControls } from './ticket-controls.tsx';

type Subscriber = NewsletterSubscribersResponse['subscribers'][number];
const SUBSCRIBER_COLUMNS: Column<Subscriber>[] = [
  { header: 'Email', headerClassName: 'px-4 py-2 font-normal', className: 'px-4 py-2 break-all text-mist', cell: (subscriber) => subscriber.email },
  { header: 'Subscribed', headerClassName: 'px-4 py-2 font-normal', className: 'px-4 py-2 whitespace-nowrap text-ash', cell: (subscriber) => formatShopDate(subscriber.createdAt, 'dateTime') },
];

/** What shoppers sent through the contact page, and who asked for the newsletter (with a CSV export). */
export function MessagesAdminPage() {
  const { messages, subscribers, exporting, exportCsv } = useMessagesAdmin();
  const subscriberTotal = subscribers.data?.pagination.total ?? 0;
  const messageTotal = messages.data?.pagination.total ?? 0;

  return (
    <AdminScreen
      eyebrow="Letters to the coven"
      title="Messages"
      className="space-y-8"
      intro={
        <p className="mt-1 text-sm text-ash">
          The contact page promises an answer within 24 hours. Each message is a complaint ticket: the E-Commerce Rules give a month from receipt to settle it, and one past that is marked overdue.
        </p>
      }
    >
      <section aria-labelledby="contact-heading" className="space-y-3">
        <h2 id="contact-heading" className="text-lg text-gold">
          Contact messages {messages.data ? <span className="text-sm text-ash">({messageTotal})</span> : null}
        </h2>
        <ListError error={messages.error} />
        {messages.isLoading ? <ListLoading>Loading messages...</ListLoading> : null}
        {messages.data && messages.data.messages.length === 0 ? <ListEmpty compact title="No messages yet." /> : null}
        <ul className="space-y-3">
          {(messages.data?.messages ?? []).map((message) => (
            <li key={message.id} className={`panel p-4 ${message.overdue ? 'border-blood/70 bg-blood/10' : ''}`} data-testid="contact-message">
              <div className="flex flex-wrap items-center gap-2 text-xs">
                <span className="rounded-full border border-gold/50 px-2 py-0.5 font-semibold tracking-wider text-gold-bright">{message.ticketNumber}</span>
                <span className="rounded-full bg-shadow/70 px-2 py-0.5 text-mist">{TICKET_STATUS_LABELS[message.status]}</span>
                {message.overdue ? (
                  <span className="rounded-full bg-blood/80 px-2 py-0.5 font-semibold text-void" data-testid="overdue">
                    Overdue: due {formatShopDate(message.redressBy, 'day')}
                  </span>
                ) : message.status === 'resolved' ? null : (
                  <span className="text-ash">Settle by {formatShopDate(message.redressBy, 'day')}</span>
                )}
              </div>
              <div className="mt-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <p className="font-semibold text-mist">{message.subject}</p>
                <time dateTime={message.createdAt} className="text-xs text-ash">
                  {formatShopDate(message.createdAt, 'dateTime')}
                </time>
              </div>
              <p className="mt-1 text-sm text-ash">
                {message.name} ·{' '}
                <a className="break-all text-orchid hover:underline" href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}>
                  {message.email}
                </a>
              </p>
              <p className="mt-2 text-sm break-words whitespace-pre-line text-mist">{message.message}</p>
              <TicketControls key={`${message.status}:${message.resolutionNote ?? ''}`} message={message} />
            </li>
          ))}
        </ul>
        {messageTotal > (messages.data?.messages.length ?? 0) ? <p className="text-xs text-ash">Showing the newest {messages.data?.messages.length}.</p> : null}
      </section>

      <section aria-labelledby="newsletter-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="newsletter-heading" className="text-lg text-gold">
            Newsletter subscribers {subscribers.data ? <span className="text-sm text-ash">({subscriberTotal})</span> : null}
          </h2>
          <button type="button" className="btn-gold" onClick={exportCsv} disabled={exporting || subscriberTotal === 0}>
            {exporting ? 'Exporting…' : 'Export CSV'}
          </button>
        </div>
        <ListError error={subscribers.error} />
        {subscribers.isLoading ? <ListLoading>Loading subscribers...</ListLoading> : null}
        {subscribers.data && subscribers.data.subscribers.length === 0 ? <ListEmpty compact title="No subscribers yet." /> : null}
        {subscribers.data && subscribers.data.subscribers.length > 0 ? (
          <DataTable
            rows={subscribers.data.subscribers}
            rowKey={(subscriber) => subscriber.id}
            columns={SUBSCRIBER_COLUMNS}
            bodyClassName=""
            rowProps={() => ({ className: 'border-b border-shadow/60 last:border-0' })}
          />
        ) : null}
        {subscriberTotal > (subscribers.data?.subscribers.length ?? 0) ? <p className="text-xs text-ash">Showing the newest {subscribers.data?.subscribers.length}; the CSV holds everyone.</p> : null}
      </section>
    </AdminScreen>
  );
}
