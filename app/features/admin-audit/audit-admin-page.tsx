import { AdminScreen, ListEmpty, ListError, ListLoading, Pagination } from '../admin/index.ts';
import { AuditEntryItem } from './audit-entry.tsx';
import { useAuditAdmin } from './use-audit-admin.ts';

/** Who changed what and when: every admin write, filtered by admin, kind of record and the shop's days. */
export function AuditAdminPage() {
  const { actor, setActor, targetType, setTargetType, from, setFrom, to, setTo, page, setPage, list } = useAuditAdmin();

  return (
    <AdminScreen eyebrow="Every change, remembered" title="Audit Log">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-ash">Admin</span>
          <select className="field" value={actor} onChange={(event) => setActor(event.target.value)}>
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
          <select className="field" value={targetType} onChange={(event) => setTargetType(event.target.value)}>
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
          <input type="date" className="field" value={from} max={to || undefined} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-ash">To</span>
          <input type="date" className="field" value={to} min={from || undefined} onChange={(event) => setTo(event.target.value)} />
        </label>
      </div>

      <ListError error={list.error} />
      {list.isLoading ? <ListLoading>Loading the audit log...</ListLoading> : null}
      {list.data && list.data.entries.length === 0 ? <ListEmpty title="No changes recorded for these filters." /> : null}

      <ol className="space-y-3" aria-busy={list.isFetching}>
        {(list.data?.entries ?? []).map((entry) => (
          <AuditEntryItem key={entry.id} entry={entry} />
        ))}
      </ol>

      <Pagination label="Audit pages" page={page} pages={list.data?.pagination.pages ?? 1} onPage={setPage} />
    </AdminScreen>
  );
}
