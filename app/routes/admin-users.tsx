import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from '../lib/toast.ts';
import type { AdminUserDetailResponse, AdminUserListResponse, AdminUserRecord } from '../../contracts/admin-users.ts';
import { ADMIN_USER_SORTS } from '../../contracts/admin-users.ts';
import type { UserStatus } from '../../domain/accounts.ts';
import { initialsOf } from '../../domain/accounts.ts';
import { formatRupees } from '../../domain/money.ts';
import { adminApi } from '../features/admin/admin-session.ts';
import { FilterSelect, SearchField, StatCards } from '../features/admin/list-controls.tsx';
import { useSearchQuery } from '../features/admin/use-search-query.ts';

const statusStyle: Record<UserStatus, string> = {
  active: 'border-emerald-400/40 bg-emerald-400/10 text-emerald-300',
  inactive: 'border-ash/40 bg-ash/10 text-ash',
  banned: 'border-blood/50 bg-blood/10 text-blood',
};
const sortLabels: Record<(typeof ADMIN_USER_SORTS)[number], string> = { newest: 'Newest', oldest: 'Oldest', name: 'Name', email: 'Email', lastLogin: 'Last login' };
const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }) : 'Never');

export default function AdminUsers() {
  const { search, setSearch, query } = useSearchQuery();
  const [status, setStatus] = useState<'all' | UserStatus>('all');
  const [sort, setSort] = useState<(typeof ADMIN_USER_SORTS)[number]>('newest');
  const [selected, setSelected] = useState<string | null>(null);
  const params = new URLSearchParams({ sort, limit: '100', ...(query ? { search: query } : {}), ...(status !== 'all' ? { status } : {}) });
  const list = useQuery({
    queryKey: ['admin-users', params.toString()],
    queryFn: ({ signal }) => adminApi<AdminUserListResponse>(`/admin/users?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const stats = list.data?.stats;

  return (
    <section className="space-y-6">
      <div>
        <p className="eyebrow">Coven members</p>
        <h1 className="mt-1 text-2xl text-gold-bright">User Management</h1>
      </div>
      <StatCards
        className="lg:grid-cols-4"
        items={[
          ['Total Users', stats?.total],
          ['Active', stats?.active],
          ['Inactive', stats?.inactive],
          ['Banned', stats?.banned],
        ]}
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchField className="flex-1" label="Search users" placeholder="Search by name or email" value={search} onChange={setSearch} />
        <FilterSelect
          label="Status"
          value={status}
          onChange={setStatus}
          options={[
            ['all', 'All statuses'],
            ['active', 'Active'],
            ['inactive', 'Inactive'],
            ['banned', 'Banned'],
          ]}
        />
        <label>
          <span className="sr-only">Sort</span>
          <select className="field" value={sort} onChange={(event) => setSort(event.target.value as typeof sort)}>
            {ADMIN_USER_SORTS.map((key) => (
              <option key={key} value={key}>
                Sort: {sortLabels[key]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.isError ? <p className="text-blood">{(list.error as Error).message}</p> : null}
      <ul className="space-y-2" aria-label="Users">
        {list.data?.users.length === 0 ? <li className="panel p-8 text-center text-ash">No users found</li> : null}
        {list.data?.users.map((user) => (
          <li key={user.id}>
            <button type="button" className="panel flex w-full items-center gap-3 p-3 text-left hover:border-gold/40" onClick={() => setSelected(user.id)} aria-label={`Open ${user.name}`}>
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-amethyst to-gold font-display text-xs font-bold text-void">{initialsOf(user.name)}</span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-mist">
                  {user.name} {user.role === 'admin' ? <span className="ml-1 text-xs text-gold">admin</span> : null}
                </span>
                <span className="block truncate text-xs text-ash">{user.email}</span>
              </span>
              <span className="hidden text-right text-xs text-ash sm:block">
                Joined {day(user.joinDate)}
                <br />
                {user.totalOrders} orders · {formatRupees(user.totalSpent)}
              </span>
              <span className={`rounded-full border px-2 py-0.5 text-xs capitalize ${statusStyle[user.status]}`}>{user.status}</span>
            </button>
          </li>
        ))}
      </ul>
      {selected ? <UserDetail id={selected} onClose={() => setSelected(null)} /> : null}
    </section>
  );
}

function UserDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const client = useQueryClient();
  const detail = useQuery({ queryKey: ['admin-user', id], queryFn: () => adminApi<AdminUserDetailResponse>(`/admin/users/${id}`) });
  const update = useMutation({
    mutationFn: (status: UserStatus) => adminApi<{ user: AdminUserRecord; message: string }>(`/admin/users/${id}/status`, { method: 'PUT', body: { status } }),
    onSuccess: (response) => {
      toast.success(response.message);
      void client.invalidateQueries({ queryKey: ['admin-users'] });
      void client.invalidateQueries({ queryKey: ['admin-user', id] });
    },
    onError: (error) => toast.error((error as Error).message),
  });
  const user = detail.data?.user;

  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-black/75 p-4 sm:items-center" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div role="dialog" aria-modal="true" aria-label="User details" className="panel relative w-full max-w-lg bg-night p-6">
        <button type="button" aria-label="Close" onClick={onClose} className="absolute top-3 right-3 p-2 text-ash hover:text-gold-bright">
          ×
        </button>
        {!user ? (
          <p className="text-ash">{detail.isError ? (detail.error as Error).message : 'Loading...'}</p>
        ) : (
          <>
            <h2 className="text-xl text-gold-bright">{user.name}</h2>
            <p className="text-sm text-ash">{user.email}</p>
            <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
              <Info label="Status" value={<span className={`rounded-full border px-2 py-0.5 text-xs capitalize ${statusStyle[user.status]}`}>{user.status}</span>} />
              <Info label="Role" value={user.role} />
              <Info label="Joined" value={day(user.joinDate)} />
              <Info label="Last login" value={day(user.lastLogin)} />
              <Info label="Total orders" value={String(user.totalOrders)} />
              <Info label="Total spent" value={formatRupees(user.totalSpent)} />
            </dl>
            <h3 className="mt-5 text-sm text-gold">Recent Activity</h3>
            <ul className="mt-2 space-y-1 text-sm">
              {user.recentActivity.map((entry) => (
                <li key={entry.id} className="flex justify-between gap-3 text-ash">
                  <span className="text-mist">{entry.action}</span>
                  <span>{day(entry.date)}</span>
                </li>
              ))}
            </ul>
            <label className="mt-5 block text-sm">
              Update status
              <select className="field mt-1" value={user.status} disabled={update.isPending} onChange={(event) => update.mutate(event.target.value as UserStatus)}>
                <option value="active">Active</option>
                <option value="inactive">Inactive</option>
                <option value="banned">Banned</option>
              </select>
            </label>
            <div className="mt-5 rounded-md border border-blood/40 p-4">
              <h3 className="text-sm text-blood">Danger Zone</h3>
              <div className="mt-3 flex flex-wrap gap-3">
                <button type="button" className="btn-ghost border-blood/60 text-blood disabled:opacity-40" disabled={user.status === 'banned' || update.isPending} onClick={() => update.mutate('banned')}>
                  Ban User
                </button>
                <button type="button" className="btn-ghost disabled:opacity-40" disabled={user.status === 'active' || update.isPending} onClick={() => update.mutate('active')}>
                  Reactivate User
                </button>
              </div>
            </div>
          </>
        )}
      </div>
    </div>
  );
}

function Info({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="rounded-md bg-crypt p-2">
      <dt className="text-xs text-ash">{label}</dt>
      <dd className="text-mist capitalize">{value}</dd>
    </div>
  );
}
