import { useState } from 'react';
import { EMAIL_STATUS_LABELS, type EmailStatus, type EmailSummary } from '../../../contracts/admin-emails.ts';
import {
  AdminScreen,
  attemptsText,
  createdColumn,
  lastErrorColumn,
  type Column,
  DetailItem,
  DetailModal,
  ListEmpty,
  ListError,
  ListLoading,
  ListTable,
  MessageCard,
  OUTBOX_STATUS_TONES,
  RefreshButton,
  serverPages,
  StatusLabel,
  statusColumn,
  useListPage,
} from '../admin/index.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';
import { emailStatusText } from '../../../domain/email-status.ts';
import { useEmailDetail, useEmailList } from './use-emails-admin.ts';

const STATUS_CLASS: Record<EmailStatus, string> = { ...OUTBOX_STATUS_TONES, unsubscribed: 'border-shadow text-ash', withheld: 'border-shadow text-ash' };

/** The status, or 'Scheduled for <date>' for a message waiting for its time (a review request waits a week). */
function StatusBadge({ email }: { email: Pick<EmailSummary, 'status' | 'sendAfter'> }) {
  return (
    <StatusLabel tone={STATUS_CLASS[email.status]} testId="email-status">
      {emailStatusText(email, EMAIL_STATUS_LABELS[email.status], new Date())}
    </StatusLabel>
  );
}

function subjectOf(email: EmailSummary): string {
  return email.subject ?? `(${email.template}, not rendered yet)`;
}

/** The back office's mail catcher: every message the shop sent or will send, and each one as its reader sees it. */
export function EmailsAdminPage() {
  const [page, setPage] = useListPage(null);
  const list = useEmailList(page);
  const [openId, setOpenId] = useState<string | null>(null);
  const emails = list.data?.emails ?? [];

  const open = (email: EmailSummary) => (
    <button type="button" className="text-left text-orchid hover:underline" onClick={() => setOpenId(email.id)}>
      {subjectOf(email)}
    </button>
  );
  // Five columns that fit 1280 px: the template goes under the subject, the attempts under the status.
  const columns: Column<EmailSummary>[] = [
    createdColumn(),
    { header: 'To', className: 'max-w-[14rem] px-3 py-2 break-all text-mist', cell: (email) => email.to },
    {
      header: 'Subject',
      className: 'min-w-[16rem] px-3 py-2',
      cell: (email) => (
        <>
          {open(email)}
          <span className="block text-xs text-ash">{email.template}</span>
        </>
      ),
    },
    statusColumn(
      'w-40 px-3 py-2',
      (email) => <StatusBadge email={email} />,
      (email) => attemptsText(email.attempts),
    ),
    lastErrorColumn('max-w-[16rem]'),
  ];

  return (
    <AdminScreen
      eyebrow="Letters from the coven"
      title="E-mails"
      intro={<p className="mt-1 text-sm text-ash">Every message the shop sends, newest first. Without SMTP_URL they are kept here instead of sent.</p>}
      actions={<RefreshButton list={list} />}
    >
      <ListTable
        list={list}
        rows={emails}
        loading="Loading e-mails..."
        empty={<ListEmpty title="No e-mails yet." />}
        pages={serverPages(list.data?.pagination, page, setPage, 'E-mail pages', 'e-mails')}
        rowKey={(email) => email.id}
        columns={columns}
        caption="E-mails"
        rowProps={() => ({ 'data-testid': 'email-row' })}
        cards={(email) => (
          <MessageCard
            testId="email-card"
            head={
              // The status on a line of its own: beside the subject a phone squeezes it into a column of words.
              <div className="flex flex-col items-start gap-2">
                {open(email)}
                <StatusBadge email={email} />
              </div>
            }
            meta={`${formatShopDate(email.createdAt, 'dateTime')} · ${email.template} · ${attemptsText(email.attempts)}`}
            error={email.lastError}
          >
            <p className="text-sm break-all text-mist">{email.to}</p>
          </MessageCard>
        )}
      />
      {openId ? <EmailViewer id={openId} onClose={() => setOpenId(null)} /> : null}
    </AdminScreen>
  );
}

function EmailViewer({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useEmailDetail(id);
  const [part, setPart] = useState<'html' | 'text'>('html');
  const email = detail.data?.email;
  return (
    <DetailModal label="E-mail" onClose={onClose}>
      <ListError error={detail.error} />
      {detail.isLoading ? <ListLoading>Opening the e-mail...</ListLoading> : null}
      {email ? (
        <div className="space-y-4">
          <h2 className="pr-8 text-lg break-words text-gold-bright">{email.subject}</h2>
          {email.preview ? <p className="text-xs text-ash">Not sent yet: this is how it will look.</p> : null}
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <DetailItem label="To" value={email.to} className="break-all" />
            <DetailItem label="Status" value={<StatusBadge email={email} />} />
            <DetailItem label="Template" value={email.template} />
            <DetailItem label="Attempts" value={email.attempts} />
            {email.lastError ? <DetailItem label="Last error" value={email.lastError} className="col-span-2 break-words text-ember" /> : null}
          </dl>
          <div role="tablist" aria-label="Part" className="flex gap-2">
            {(['html', 'text'] as const).map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={part === name}
                className={part === name ? 'btn-gold px-3 py-1' : 'btn-ghost px-3 py-1'}
                onClick={() => setPart(name)}
              >
                {name === 'html' ? 'HTML' : 'Plain text'}
              </button>
            ))}
          </div>
          {part === 'html' ? (
            // No scripts and an origin of its own: the message cannot reach the back office around it.
            <iframe
              title={`E-mail: ${email.subject}`}
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              srcDoc={email.html}
              className="h-[60vh] w-full rounded-md border border-shadow bg-void"
            />
          ) : (
            <pre className="max-h-[60vh] overflow-auto rounded-md bg-crypt p-3 text-xs whitespace-pre-wrap text-mist">{email.text}</pre>
          )}
        </div>
      ) : null}
    </DetailModal>
  );
}
