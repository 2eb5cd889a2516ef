import type { NewsletterSubscribersResponse } from '../../../contracts/admin-messages.ts';
import { AdminScreen, type Column, DataTable, ListEmpty, ListError, ListLoading } from '../admin/index.ts';
import { useMessagesAdmin } from './use-messages-admin.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';

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
      intro={<p className="mt-1 text-sm text-ash">The contact page promises an answer within 24 hours.</p>}
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
            <li key={message.id} className="panel p-4" data-testid="contact-message">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
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
