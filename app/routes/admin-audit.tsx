import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AuditEntry, AuditListResponse } from '../../contracts/audit.ts';
import { adminApi } from '../features/admin/admin-session.ts';

export function meta() {
  return [{ title: 'Audit Log | Deosil Admin' }];
}

const when = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });
const PAGE_SIZE = 25;

/** The fields that changed between before and after, for a one-line summary; the full values open below it. */
function changedFields(details: Record<string, unknown>): string[] {
  const before = details.before as Record<string, unknown> | null | undefined;
  const after = details.after as Record<string, unknown> | null | undefined;
  if (!before || !after || typeof before !== 'object' || typeof after !== 'object') return [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => key !== 'updatedAt' && JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

function summary(entry: AuditEntry): string {
  const { before, after } = entry.details as { before?: unknown; after?: unknown };
  if (before === null && after) return 'Created';
  if (before && after === null) return 'Deleted';
  const fields = changedFields(entry.details);
  return fields.length > 0 ? `Changed ${fields.slice(0, 6).join(', ')}${fields.length > 6 ? '…' : ''}` : '';
}

function Entry({ entry }: { entry: AuditEntry }) {
  return (
    <li className="panel p-4" data-testid="audit-entry">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-mono text-sm text-gold-bright">{entry.action}</p>
        <time dateTime={entry.createdAt} className="text-xs text-ash">
          {when.format(new Date(entry.createdAt))}
        </time>
      </div>
      <p className="mt-1 text-sm text-mist">
        {entry.targetType} <span className="text-ash">#{entry.targetId}</span>
        {' · '}
        {entry.actor ? (
          <>
            {entry.actor.name} <span className="break-all text-ash">({entry.actor.email})</span>
          </>
        ) : (
          <span className="text-ash">a removed account</span>
        )}
      </p>
      {summary(entry) ? <p className="mt-1 text-sm text-orchid">{summary(entry)}</p> : null}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-ash hover:text-mist">Details</summary>
        <pre className="mt-2 max-h-72 overflow-auto rounded-md bg-void/70 p-3 text-xs leading-relaxed break-words whitespace-pre-wrap text-mist">{JSON.stringify(entry.details, null, 2)}</pre>
      </details>
    </li>
  );
}

/** Who changed what and when: every admin write, filtered by admin, kind of record and the shop's days. */
export default function AdminAudit() {
  const [actor, setActor] = useState('');
  const [targetType, setTargetType] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const params = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE), actor, targetType, from, to });
  const list = useQuery({
    queryKey: ['admin', 'audit', params.toString()],
    queryFn: ({ signal }) => adminApi<AuditListResponse>(`/admin/audit?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const filter = (change: () => void) => {
    change();
    setPage(1);
  };
  const pages = list.data?.pagination.pages ?? 1;

  return (
    <section className="space-y-6">
      <div>
        <p className="eyebrow">Every change, remembered</p>
        <h1 className="mt-1 text-2xl text-gold-bright">Audit Log</h1>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-ash">Admin</span>
          <select className="field" value={actor} onChange={(event) => filter(() => setActor(event.target.value))}>
            <option value="">All admins</option>
            {(list.data?.choices.actors ?? []).map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.name} ({entry.email})
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-ash">Record</span>
          <select className="field" value={targetType} onChange={(event) => filter(() => setTargetType(event.target.value))}>
            <option value="">All records</option>
            {(list.data?.choices.targetTypes ?? []).map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-ash">From</span>
          <input type="date" className="field" value={from} max={to || undefined} onChange={(event) => filter(() => setFrom(event.target.value))} />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-ash">To</span>
          <input type="date" className="field" value={to} min={from || undefined} onChange={(event) => filter(() => setTo(event.target.value))} />
        </label>
      </div>

      {list.error ? (
        <p role="alert" className="rounded-md border border-blood/50 bg-blood/10 px-4 py-3 text-sm text-blood">
          Error: {list.error.message}
        </p>
      ) : null}
      {list.isLoading ? (
        <p role="status" className="text-ash">
          Loading the audit log...
        </p>
      ) : null}
      {list.data && list.data.entries.length === 0 ? <p className="panel p-8 text-center text-ash">No changes recorded for these filters.</p> : null}

      <ol className="space-y-3" aria-busy={list.isFetching}>
        {(list.data?.entries ?? []).map((entry) => (
          <Entry key={entry.id} entry={entry} />
        ))}
      </ol>

      {pages > 1 ? (
        <nav aria-label="Audit pages" className="flex items-center justify-center gap-3 text-sm">
          <button type="button" className="btn-ghost px-3 py-1.5" disabled={page <= 1} onClick={() => setPage((value) => value - 1)}>
            Previous
          </button>
          <span className="text-ash">
            Page {page} of {pages}
          </span>
          <button type="button" className="btn-ghost px-3 py-1.5" disabled={page >= pages} onClick={() => setPage((value) => value + 1)}>
            Next
          </button>
        </nav>
      ) : null}
    </section>
  );
}
