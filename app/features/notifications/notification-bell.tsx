import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Notification } from '../../../contracts/notifications.ts';
import { badgeText, shortRelativeTime } from '../../../domain/notifications.ts';
import { useInbox, useInboxActions, type InboxBase } from './notification-feed.ts';

const typeIcon: Record<Notification['type'], string> = { order: '▣', product: '⚗', review: '★', user: '✦', system: '☾', error: '⚠' };

/** The bell with its dropdown: the first 10 notifications, badge capped at 9+. */
export function NotificationBell({ base, token }: { base: InboxBase; token: string | null }) {
  const [open, setOpen] = useState(false);
  const { data, isError } = useInbox(base, token);
  const actions = useInboxActions(base, token);
  const navigate = useNavigate();
  const rootRef = useRef<HTMLDivElement>(null);
  const unread = data?.unreadCount ?? 0;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const follow = (notification: Notification) => {
    if (!notification.read) actions.markRead.mutate(notification.id);
    setOpen(false);
    if (notification.actionUrl) void navigate(notification.actionUrl);
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        className="relative rounded-full p-2 text-mist transition hover:text-gold-bright"
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unread > 0 ? (
          <span data-testid="notification-badge" className="absolute -top-0.5 -right-0.5 min-w-[1.15rem] rounded-full bg-amethyst px-1 text-center text-[0.65rem] leading-[1.15rem] font-bold text-white">
            {badgeText(unread)}
          </span>
        ) : null}
      </button>
      {open ? (
        <div className="panel fixed inset-x-2 top-16 z-50 max-h-[70vh] overflow-hidden border-gold/20 bg-night sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96" role="region" aria-label="Notifications">
          <div className="flex items-center justify-between border-b border-shadow px-4 py-3">
            <p className="font-display text-sm tracking-widest text-gold-bright">Notifications</p>
            {unread > 0 ? (
              <button type="button" className="text-xs text-orchid hover:text-gold-bright" onClick={() => actions.markAllRead.mutate()}>
                Mark all read
              </button>
            ) : null}
          </div>
          <ul className="max-h-[calc(70vh-3rem)] overflow-y-auto">
            {isError ? <li className="p-6 text-center text-sm text-blood">Failed to load notifications</li> : null}
            {data && data.notifications.length === 0 ? (
              <li className="p-8 text-center">
                <p className="font-display text-mist">No notifications</p>
                <p className="mt-1 text-sm text-ash">All caught up! Check back later for updates.</p>
              </li>
            ) : null}
            {data?.notifications.map((notification) => (
              <li key={notification.id} className={`group flex gap-3 border-b border-shadow/60 px-4 py-3 ${notification.read ? '' : 'bg-amethyst/10'}`}>
                <button type="button" className="flex min-w-0 flex-1 gap-3 text-left" onClick={() => follow(notification)}>
                  <span aria-hidden="true" className="mt-0.5 text-gold">
                    {typeIcon[notification.type]}
                  </span>
                  <span className="min-w-0">
                    <span className={`block truncate text-sm ${notification.read ? 'text-ash' : 'font-semibold text-mist'}`}>{notification.title}</span>
                    <span className="line-clamp-2 block text-xs text-ash">{notification.message}</span>
                    <span className="mt-1 block text-[0.7rem] text-ash/80">{shortRelativeTime(notification.createdAt)}</span>
                  </span>
                </button>
                <span className="flex shrink-0 flex-col gap-1">
                  {!notification.read ? (
                    <button type="button" className="rounded px-1 text-xs text-orchid hover:text-gold-bright" aria-label={`Mark "${notification.title}" as read`} onClick={() => actions.markRead.mutate(notification.id)}>
                      ✓
                    </button>
                  ) : null}
                  <button type="button" className="rounded px-1 text-xs text-ash hover:text-blood" aria-label={`Delete "${notification.title}"`} onClick={() => actions.remove.mutate(notification.id)}>
                    ✕
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
