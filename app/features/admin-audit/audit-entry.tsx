import type { AuditEntry } from '../../../contracts/audit.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';

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

/** One admin write: what, when, on which record, by whom, what changed, and the stored before and after. */
export function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  return (
    <li className="panel p-4" data-testid="audit-entry">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-mono text-sm text-gold-bright">{entry.action}</p>
        <time dateTime={entry.createdAt} className="text-xs text-ash">
          {formatShopDate(entry.createdAt, 'dateTime')}
        </time>
      </div>
      <p className="mt-1 text-sm text-mist">
        {entry.targetType} <span className="text-ash">#{entry.targetId}</span>
        {' · '}
        {entry.actor ? (
          <>
            {entry.actor.name} <span className="break-all text-ash">({entry.actor.email})</span>
            {entry.actorRole ? <span className="ml-1 text-xs text-gold">as {entry.actorRole}</span> : null}
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
