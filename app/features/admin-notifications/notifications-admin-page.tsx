import { useNavigate } from 'react-router';
import { longRelativeTime, NOTIFICATION_TYPES } from '../../../domain/notifications.ts';
import { AdminScreen, FilterSelect, ListEmpty, ListError } from '../admin/index.ts';
import { useNotificationsAdmin } from './use-notifications-admin.ts';

const priorityStyle = { high: 'text-blood', medium: 'text-gold', low: 'text-ash' } as const;

/** The Notification Center: every admin notification, filtered and sorted by priority weight or date. */
export function NotificationsAdminPage() {
  const { type, setType, readFilter, setReadFilter, sort, setSort, list, items, markRead, remove, markAllRead, deleteRead } = useNotificationsAdmin();
  const navigate = useNavigate();

  return (
    <AdminScreen
      eyebrow="Messages of the realm"
      title="Notification Center"
      actions={
        <div className="flex gap-2">
          <button type="button" className="btn-ghost px-3 py-2 text-xs" onClick={markAllRead}>
            Mark all read
          </button>
          <button type="button" className="btn-ghost px-3 py-2 text-xs" onClick={deleteRead}>
            Delete read
          </button>
        </div>
      }
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        <FilterSelect className="flex-1" label="Type" value={type} onChange={setType} options={[['all', 'All types'], ...NOTIFICATION_TYPES.map((value) => [value, value] as const)]} />
        <FilterSelect
          className="flex-1"
          label="Read state"
          value={readFilter}
          onChange={setReadFilter}
          options={[
            ['all', 'All'],
            ['unread', 'Unread only'],
          ]}
        />
        <FilterSelect
          className="flex-1"
          label="Sort"
          value={sort}
          onChange={setSort}
          options={[
            ['date', 'Newest first'],
            ['priority', 'Priority'],
          ]}
        />
      </div>
      <ListError error={list.error} prefix="" message="Failed to load notifications" />
      {list.data && items.length === 0 ? <ListEmpty titleClassName="font-display text-mist" title="No notifications" hint="All caught up! Check back later for updates." /> : null}
      <ul className="space-y-2">
        {items.map((notification) => (
          <li key={notification.id} className={`panel flex gap-3 p-4 ${notification.read ? 'opacity-80' : 'border-amethyst/40'}`}>
            <button
              type="button"
              className="min-w-0 flex-1 text-left"
              onClick={() => {
                if (!notification.read) markRead(notification.id);
                if (notification.actionUrl) void navigate(notification.actionUrl);
              }}
            >
              <span className="flex flex-wrap items-center gap-2 text-xs">
                <span className={`uppercase ${priorityStyle[notification.priority]}`}>{notification.priority}</span>
                <span className="text-ash capitalize">{notification.type}</span>
                <span className="text-ash">· {longRelativeTime(notification.createdAt)}</span>
              </span>
              <span className={`mt-1 block ${notification.read ? 'text-ash' : 'font-semibold text-mist'}`}>{notification.title}</span>
              <span className="block text-sm text-ash">{notification.message}</span>
            </button>
            <span className="flex shrink-0 flex-col gap-1 text-xs">
              {!notification.read ? (
                <button type="button" className="text-orchid hover:text-gold-bright" onClick={() => markRead(notification.id)}>
                  Mark read
                </button>
              ) : null}
              <button type="button" className="text-ash hover:text-blood" onClick={() => remove(notification.id)}>
                Delete
              </button>
            </span>
          </li>
        ))}
      </ul>
    </AdminScreen>
  );
}
