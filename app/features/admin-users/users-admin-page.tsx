import { ADMIN_USER_SORTS } from '../../../contracts/admin-users.ts';
import { initialsOf, USER_STATUSES } from '../../../domain/accounts.ts';
import { formatRupees } from '../../../domain/money.ts';
import { AdminScreen, FilterSelect, ListEmpty, ListError, SearchField, sortOptions, StatCards, statFilters, statusFigures, statusOptions } from '../admin/index.ts';
import { UserDetailModal } from './user-detail-modal.tsx';
import { accountDay, USER_STATUS_LABELS, USER_STATUS_STYLES } from './user-status.ts';
import { useUsersAdmin } from './use-users-admin.ts';

const SORT_LABELS: Record<(typeof ADMIN_USER_SORTS)[number], string> = { newest: 'Newest', oldest: 'Oldest', name: 'Name', email: 'Email', lastLogin: 'Last login' };

/** User management: status figures, search, status filter, sort, the member list and an account's detail. */
export function UsersAdminPage() {
  const { search, status, setStatus, sort, setSort, list, selected, setSelected } = useUsersAdmin();
  const stats = list.data?.stats;
  const showing = statFilters(status, setStatus);

  return (
    <AdminScreen eyebrow="Coven members" title="User Management">
      <StatCards className="lg:grid-cols-4" items={[['Total Users', stats?.total], ...statusFigures(USER_STATUSES, USER_STATUS_LABELS, stats, showing)]} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchField className="flex-1" label="Search users" placeholder="Search by name or email" value={search.search} onChange={search.setSearch} />
        <FilterSelect label="Status" value={status} onChange={setStatus} options={statusOptions(USER_STATUSES, USER_STATUS_LABELS)} />
        <FilterSelect label="Sort" value={sort} onChange={setSort} options={sortOptions(ADMIN_USER_SORTS, SORT_LABELS)} />
      </div>
      <ListError error={list.error} prefix="" />
      {list.data?.users.length === 0 ? <ListEmpty title="No users found" /> : null}
      <ul className="space-y-2" aria-label="Users">
        {list.data?.users.map((user) => (
          <li key={user.id}>
            <button type="button" className="panel flex w-full items-center gap-3 p-3 text-left hover:border-gold/40" onClick={() => setSelected(user.id)} aria-label={`Open ${user.name}`}>
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-amethyst to-gold font-display text-xs font-bold text-void">
                {initialsOf(user.name)}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-mist">
                  {user.name} {user.role === 'admin' ? <span className="ml-1 text-xs text-gold">admin</span> : null}
                </span>
                <span className="block truncate text-xs text-ash">{user.email}</span>
              </span>
              <span className="hidden text-right text-xs text-ash sm:block">
                Joined {accountDay(user.joinDate)}
                <br />
                {user.totalOrders} orders · {formatRupees(user.totalSpent)}
              </span>
              <span className={`rounded-full border px-2 py-0.5 text-xs capitalize ${USER_STATUS_STYLES[user.status]}`}>{user.status}</span>
            </button>
          </li>
        ))}
      </ul>
      {selected ? <UserDetailModal id={selected} onClose={() => setSelected(null)} /> : null}
    </AdminScreen>
  );
}
