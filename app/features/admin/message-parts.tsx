import type { ReactNode } from 'react';
import { formatShopDate } from '../../../domain/shop-clock.ts';
import type { Column } from './data-table.tsx';

/**
 * The tones of the statuses the shop's outboxes share (e-mails, texts): waiting grey, on its way orchid, gone out
 * gold, kept in the back office orchid, failing ember, given up blood.
 */
export const OUTBOX_STATUS_TONES = {
  queued: 'border-shadow text-ash',
  sending: 'border-orchid/60 text-orchid',
  sent: 'border-gold/60 text-gold-bright',
  kept: 'border-orchid/60 text-mist',
  failed: 'border-ember/60 text-ember',
  dead: 'border-blood/60 text-blood',
} as const;

/** A message's status (or what brought an order back) as a small bordered label in its tone. */
export function StatusLabel({ tone, testId, children }: { tone: string; testId?: string; children: ReactNode }) {
  return (
    <span className={`inline-block rounded-md border px-2 py-0.5 text-xs ${tone}`} data-testid={testId}>
      {children}
    </span>
  );
}

/** How many times the shop tried to send a message: '1 attempt', '3 attempts'. */
export const attemptsText = (attempts: number) => `${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`;

/**
 * A message as a phone shows it in an outbox list (e-mails, texts, WhatsApp): its head (to whom, its status), what
 * it says, when and how it went, and the last error if sending failed.
 */
export function MessageCard({ testId, head, meta, error, children }: { testId: string; head: ReactNode; meta: ReactNode; error: string | null; children: ReactNode }) {
  return (
    <article className="panel space-y-2 p-4" data-testid={testId}>
      {head}
      {children}
      <p className="text-xs text-ash">{meta}</p>
      {error ? <p className="text-xs break-words text-ember">{error}</p> : null}
    </article>
  );
}

/** An outbox card's head for a message whose recipient is short (a phone number): the number, its status beside it. */
export function RecipientAndStatus({ to, status }: { to: string; status: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <span className="text-mist">{to}</span>
      {status}
    </div>
  );
}

/** The outbox tables' first column: when the message was made, in shop time. */
export function createdColumn<T extends { createdAt: string }>(): Column<T> {
  return { header: 'Created', className: 'w-32 px-3 py-2 text-xs text-ash', cell: (message) => formatShopDate(message.createdAt, 'dateTime') };
}

/** The outbox tables' status column: the status label, and under it a word on how the sending went. */
export function statusColumn<T>(className: string, label: (message: T) => ReactNode, note: (message: T) => string): Column<T> {
  return {
    header: 'Status',
    className,
    cell: (message) => (
      <>
        {label(message)}
        <span className="mt-1 block text-xs text-ash">{note(message)}</span>
      </>
    ),
  };
}

/** The outbox tables' last column: why the last try failed, blank when none did. */
export function lastErrorColumn<T extends { lastError: string | null }>(maxWidth: string): Column<T> {
  return { header: 'Last error', className: `${maxWidth} px-3 py-2 text-xs break-words text-ember`, cell: (message) => message.lastError ?? '' };
}
