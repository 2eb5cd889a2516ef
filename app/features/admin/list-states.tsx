import type { ReactNode } from 'react';
import { DataTable } from './data-table.tsx';

/**
 * An admin screen: its heading (the eyebrow, the title, an introduction under it and the screen's buttons on the
 * right), then the screen's parts one under another.
 */
export function AdminScreen({
  eyebrow,
  title,
  intro,
  actions,
  create,
  className = 'space-y-6',
  children,
}: {
  eyebrow: string;
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  /** The screen's gold button for a new record ('Add Product', 'New Festival'), when it has one. */
  create?: { label: string; onClick: () => void };
  className?: string;
  children: ReactNode;
}) {
  const buttons = create ? (
    <button type="button" className="btn-gold" onClick={create.onClick}>
      {create.label}
    </button>
  ) : (
    actions
  );
  const heading = (
    <div>
      <p className="eyebrow">{eyebrow}</p>
      <h1 className="mt-1 text-2xl text-gold-bright">{title}</h1>
      {intro}
    </div>
  );
  return (
    <section className={className}>
      {buttons ? (
        <div className="flex flex-wrap items-end justify-between gap-3">
          {heading}
          {buttons}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

/** Why a list could not load, with the server's message (or the screen's own words) and, where it helps, a way to ask again. */
export function ListError({ error, prefix = 'Error: ', message, onRetry }: { error: Error | null; prefix?: string; message?: string; onRetry?: () => void }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-md border border-blood/50 bg-blood/10 px-4 py-3 text-sm text-blood">
      {prefix}
      {message ?? error.message}
      {onRetry ? (
        <>
          {' '}
          <button type="button" className="underline" onClick={onRetry}>
            Try again
          </button>
        </>
      ) : null}
    </p>
  );
}

/** The first load of a list, before there is anything to show. */
export function ListLoading({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="panel p-8 text-center text-ash">
      {children}
    </p>
  );
}

/** A list that came back empty: what is missing, and optionally why and what to do about it. */
export function ListEmpty({
  title,
  hint,
  action,
  compact = false,
  titleClassName = 'text-lg text-mist',
}: {
  title: string;
  hint?: string;
  action?: ReactNode;
  /** A smaller box, for an empty section of a screen that shows several lists. */
  compact?: boolean;
  titleClassName?: string;
}) {
  if (!hint && !action) return <p className={`panel ${compact ? 'p-6' : 'p-8'} text-center text-ash`}>{title}</p>;
  return (
    <div className="panel p-10 text-center">
      <p className={titleClassName}>{title}</p>
      {hint ? <p className="mt-1 text-sm text-ash">{hint}</p> : null}
      {action}
    </div>
  );
}

/** Previous / 'Page n of m' / Next under a paged list; nothing when everything fits on one page. */
export function Pagination({ page, pages, onPage, label = 'Pages', detail }: { page: number; pages: number; onPage: (page: number) => void; label?: string; detail?: string }) {
  if (pages <= 1) return null;
  return (
    <nav className="flex items-center justify-center gap-3 text-sm text-ash" aria-label={label}>
      <button type="button" className="btn-ghost px-3 py-1.5 disabled:opacity-40" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {pages}
        {detail ? ` · ${detail}` : ''}
      </span>
      <button type="button" className="btn-ghost px-3 py-1.5 disabled:opacity-40" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

/**
 * Pagination's settings for a list the server pages: its page count and total as the server answered them, one
 * page and none counted ('0 texts') until the answer comes.
 */
export function serverPages(pagination: { pages: number; total: number } | undefined, page: number, onPage: (page: number) => void, label: string, noun: string) {
  return { page, pages: pagination?.pages ?? 1, onPage, label, detail: `${pagination?.total ?? 0} ${noun}` };
}

/** The screen's button that asks for its list again, saying so while it does. */
export function RefreshButton({ list }: { list: { refetch: () => unknown; isFetching: boolean } }) {
  return (
    <button type="button" className="btn-ghost" onClick={() => void list.refetch()} disabled={list.isFetching}>
      {list.isFetching ? 'Refreshing…' : 'Refresh'}
    </button>
  );
}

/**
 * A list in each of its states, in the order every admin list shows them: why it could not load, its first load,
 * what an empty list says (once one has come), the records as a table (cards on phones), then its pages.
 */
export function ListTable<T>({
  list,
  rows,
  loading,
  empty,
  error,
  pages,
  ...table
}: {
  list: { error: Error | null; isLoading: boolean; data?: unknown };
  rows: readonly T[];
  /** What the first load says ('Loading e-mails...'). */
  loading: ReactNode;
  /** What an empty list shows, usually a ListEmpty. */
  empty: ReactNode;
  /** ListError's own words and its retry, where the screen has them. */
  error?: Omit<Parameters<typeof ListError>[0], 'error'>;
  pages?: Parameters<typeof Pagination>[0];
} & Omit<Parameters<typeof DataTable<T>>[0], 'rows'>) {
  return (
    <>
      <ListError error={list.error} {...error} />
      {list.isLoading ? <ListLoading>{loading}</ListLoading> : null}
      {list.data || rows.length > 0 ? <DataTable rows={rows} empty={empty} {...table} /> : null}
      {pages ? <Pagination {...pages} /> : null}
    </>
  );
}
