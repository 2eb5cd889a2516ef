import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import toast from '../lib/toast.ts';
import type { ContactMessagesResponse, NewsletterSubscribersResponse } from '../../contracts/admin-messages.ts';
import { adminApi } from '../features/admin/admin-session.ts';
import { downloadAdminFile } from '../features/admin-products/admin-files.ts';

export function meta() {
  return [{ title: 'Messages | Deosil Admin' }];
}

const when = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });

function ErrorBanner({ error }: { error: Error | null }) {
  return error ? (
    <p role="alert" className="rounded-md border border-blood/50 bg-blood/10 px-4 py-3 text-sm text-blood">
      Error: {error.message}
    </p>
  ) : null;
}

/** What shoppers sent through the contact page, and who asked for the newsletter (with a CSV export). */
export default function AdminMessages() {
  const messages = useQuery({
    queryKey: ['admin', 'contact-messages'],
    queryFn: ({ signal }) => adminApi<ContactMessagesResponse>('/admin/contact-messages?limit=100', { signal }),
  });
  const subscribers = useQuery({
    queryKey: ['admin', 'newsletter-subscribers'],
    queryFn: ({ signal }) => adminApi<NewsletterSubscribersResponse>('/admin/newsletter-subscribers?limit=100', { signal }),
  });
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadAdminFile('/admin/newsletter-subscribers.csv', 'newsletter-subscribers.csv');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Export failed');
    } finally {
      setExporting(false);
    }
  }

  const subscriberTotal = subscribers.data?.pagination.total ?? 0;
  const messageTotal = messages.data?.pagination.total ?? 0;

  return (
    <section className="space-y-8">
      <div>
        <p className="eyebrow">Letters to the coven</p>
        <h1 className="mt-1 text-2xl text-gold-bright">Messages</h1>
        <p className="mt-1 text-sm text-ash">The contact page promises an answer within 24 hours.</p>
      </div>

      <section aria-labelledby="contact-heading" className="space-y-3">
        <h2 id="contact-heading" className="text-lg text-gold">
          Contact messages {messages.data ? <span className="text-sm text-ash">({messageTotal})</span> : null}
        </h2>
        <ErrorBanner error={messages.error} />
        {messages.isLoading ? (
          <p role="status" className="text-ash">
            Loading messages...
          </p>
        ) : null}
        {messages.data && messages.data.messages.length === 0 ? <p className="panel p-6 text-center text-ash">No messages yet.</p> : null}
        <ul className="space-y-3">
          {(messages.data?.messages ?? []).map((message) => (
            <li key={message.id} className="panel p-4" data-testid="contact-message">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <p className="font-semibold text-mist">{message.subject}</p>
                <time dateTime={message.createdAt} className="text-xs text-ash">
                  {when.format(new Date(message.createdAt))}
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
        <ErrorBanner error={subscribers.error} />
        {subscribers.isLoading ? (
          <p role="status" className="text-ash">
            Loading subscribers...
          </p>
        ) : null}
        {subscribers.data && subscribers.data.subscribers.length === 0 ? <p className="panel p-6 text-center text-ash">No subscribers yet.</p> : null}
        {subscribers.data && subscribers.data.subscribers.length > 0 ? (
          <div className="panel overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-shadow text-xs tracking-wider text-ash uppercase">
                <tr>
                  <th scope="col" className="px-4 py-2 font-normal">
                    Email
                  </th>
                  <th scope="col" className="px-4 py-2 font-normal">
                    Subscribed
                  </th>
                </tr>
              </thead>
              <tbody>
                {subscribers.data.subscribers.map((subscriber) => (
                  <tr key={subscriber.id} className="border-b border-shadow/60 last:border-0">
                    <td className="px-4 py-2 break-all text-mist">{subscriber.email}</td>
                    <td className="px-4 py-2 whitespace-nowrap text-ash">{when.format(new Date(subscriber.createdAt))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {subscriberTotal > (subscribers.data?.subscribers.length ?? 0) ? <p className="text-xs text-ash">Showing the newest {subscribers.data?.subscribers.length}; the CSV holds everyone.</p> : null}
      </section>
    </section>
  );
}
