import type { UserStatus } from '../../../domain/accounts.ts';
import { formatRupees } from '../../../domain/money.ts';
import { DetailItem, DetailModal, useCan } from '../admin/index.ts';
import { accountDay, USER_STATUS_STYLES } from './user-status.ts';
import { EraseCustomerForm } from './erase-customer-form.tsx';
import { SendNoticeForm } from './send-notice-form.tsx';
import { useUserDetail } from './use-users-admin.ts';

/** An account's figures and recent activity, its status menu and the ban / reactivate buttons. */
export function UserDetailModal({ id, onClose }: { id: string; onClose: () => void }) {
  const { detail, update } = useUserDetail(id);
  const user = detail.data?.user;
  const can = useCan();

  return (
    <DetailModal label="User details" onClose={onClose}>
      {!user ? (
        <p className="text-ash">{detail.isError ? detail.error.message : 'Loading...'}</p>
      ) : (
        <>
          <h2 className="text-xl text-gold-bright">{user.name}</h2>
          <p className="text-sm text-ash">{user.email}</p>
          <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
            <DetailItem className="capitalize" label="Status" value={<span className={`rounded-full border px-2 py-0.5 text-xs capitalize ${USER_STATUS_STYLES[user.status]}`}>{user.status}</span>} />
            <DetailItem className="capitalize" label="Role" value={user.role} />
            <DetailItem className="capitalize" label="Joined" value={accountDay(user.joinDate)} />
            <DetailItem className="capitalize" label="Last login" value={accountDay(user.lastLogin)} />
            <DetailItem className="capitalize" label="Total orders" value={String(user.totalOrders)} />
            <DetailItem className="capitalize" label="Total spent" value={formatRupees(user.totalSpent)} />
          </dl>
          <h3 className="mt-5 text-sm text-gold">Recent Activity</h3>
          <ul className="mt-2 space-y-1 text-sm">
            {user.recentActivity.map((entry) => (
              <li key={entry.id} className="flex justify-between gap-3 text-ash">
                <span className="text-mist">{entry.action}</span>
                <span>{accountDay(entry.date)}</span>
              </li>
            ))}
          </ul>
          <label className="mt-5 block text-sm" hidden={!can('customers.manage')}>
            Update status
            <select className="field mt-1" value={user.status} disabled={update.isPending} onChange={(event) => update.mutate(event.target.value as UserStatus)}>
              <option value="active">Active</option>
              <option value="inactive">Inactive</option>
              <option value="banned">Banned</option>
            </select>
          </label>
          {user.role === 'customer' && can('notifications.send') ? <SendNoticeForm userId={user.id} name={user.name} /> : null}
          <div className="mt-5 rounded-md border border-blood/40 p-4" hidden={!can('customers.manage') && !can('customers.erase')}>
            <h3 className="text-sm text-blood">Danger Zone</h3>
            <div className="mt-3 flex flex-wrap gap-3" hidden={!can('customers.manage')}>
              <button type="button" className="btn-ghost border-blood/60 text-blood disabled:opacity-40" disabled={user.status === 'banned' || update.isPending} onClick={() => update.mutate('banned')}>
                Ban User
              </button>
              <button type="button" className="btn-ghost disabled:opacity-40" disabled={user.status === 'active' || update.isPending} onClick={() => update.mutate('active')}>
                Reactivate User
              </button>
            </div>
            {user.role === 'customer' && can('customers.erase') ? <EraseCustomerForm userId={user.id} name={user.name} /> : null}
          </div>
        </>
      )}
    </DetailModal>
  );
}
