import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Notification, NotificationListResponse } from '../../contracts/notifications.ts';
import { byNewest, byPriority, longRelativeTime, NOTIFICATION_TYPES } from '../../domain/notifications.ts';
import { adminApi, useAdminSession } from '../features/admin/admin-session.ts';
import { inboxKey, useInboxActions } from '../features/notifications/notification-feed.ts';

const priorityStyle = { high: 'text-blood', medium: 'text-gold', low: 'text-ash' } as const;

/** The Notification Center: every admin notification, filtered and sorted by priority weight or date. */
export default function AdminNotifications() {
  const token = useAdminSession((state) => state.token);
  const [type, setType] = useState<'all' | Notification['type']>('all');
  const [readFilter, setReadFilter] = useState<'all' | 'unread'>('all');
  const [sort, setSort] = useState<'date' | 'priority'>('date');
  const navigate = useNavigate();
  const client = useQueryClient();
  const actions = useInboxActions('/admin/notifications', token);
  const params = new URLSearchParams({ limit: '100', ...(type !== 'all' ? { type } : {}), ...(readFilter === 'unread' ? { unreadOnly: 'true' } : {}) });
  const list = useQuery({
    queryKey: [...inboxKey('/admin/notifications'), 'center', params.toString()],
    queryFn: ({ signal }) => adminApi<NotificationListResponse>(`/admin/notifications?${params}`, { signal }),
  });
  const items = [...(list.data?.notifications ?? [])].sort(sort === 'priority' ? byPriority : byNewest);
  const refresh = () => client.invalidateQueries({ queryKey: inboxKey('/admin/notifications') });

  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="eyebrow">Messages of the realm</p>
          <h1 className="mt-1 text-2xl text-gold-bright">Notification Center</h1>
        </div>
        <div className="flex gap-2">
          <button type="button" className="btn-ghost px-3 py-2 text-xs" onClick={() => actions.markAllRead.mutate(undefined, { onSettled: refresh })}>
            Mark all read
          </button>
          <button type="button" className="btn-ghost px-3 py-2 text-xs" onClick={() => actions.deleteRead.mutate(undefined, { onSettled: refresh })}>
            Delete read
          </button>
        </div>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <select aria-label="Type" className="field" value={type} onChange={(event) => setType(event.target.value as typeof type)}>
          <option value="all">All types</option>
          {NOTIFICATION_TYPES.map((value) => (
            <option key={value} value={value} className="capitalize">
              {value}
            </option>
          ))}
        </select>
        <select aria-label="Read state" className="field" value={readFilter} onChange={(event) => setReadFilter(event.target.value as typeof readFilter)}>
          <option value="all">All</option>
          <option value="unread">Unread only</option>
        </select>
        <select aria-label="Sort" className="field" value={sort} onChange={(event) => setSort(event.target.value as typeof sort)}>
          <option value="date">Newest first</option>
          <option value="priority">Priority</option>
        </select>
      </div>
      {list.isError ? <p className="text-blood">Failed to load notifications</p> : null}
      {list.data && items.length === 0 ? (
        <div className="panel p-10 text-center">
          <p className="font-display text-mist">No notifications</p>
          <p className="mt-1 text-sm text-ash">All caught up! Check back later for updates.</p>
        </div>
      ) : null}
      <ul className="space-y-2">
        {items.map((notification) => (
          <li key={notification.id} className={`panel flex gap-3 p-4 ${notification.read ? 'opacity-80' : 'border-amethyst/40'}`}>
            <button
              type="button"
              className="min-w-0 flex-1 text-left"
              onClick={() => {
                if (!notification.read) actions.markRead.mutate(notification.id, { onSettled: refresh });
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
                <button type="button" className="text-orchid hover:text-gold-bright" onClick={() => actions.markRead.mutate(notification.id, { onSettled: refresh })}>
                  Mark read
                </button>
              ) : null}
              <button type="button" className="text-ash hover:text-blood" onClick={() => actions.remove.mutate(notification.id, { onSettled: refresh })}>
                Delete
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
