import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Notification, NotificationListResponse, NotificationStreamEvent } from '../../../contracts/notifications.ts';
import { takeStreamEvents } from '../../../contracts/server-sent-events.ts';
import { DROPDOWN_SIZE } from '../../../domain/notifications.ts';
import { api } from '../../lib/api-client.ts';
import toast from '../../lib/toast.ts';

/** '/notifications' for customers, '/admin/notifications' for the admin portal. */
export type InboxBase = '/notifications' | '/admin/notifications';

export const inboxKey = (base: InboxBase) => ['inbox', base] as const;

/** The newest notifications for the bell, refreshed by the live stream. */
export function useInbox(base: InboxBase, token: string | null) {
  return useQuery({
    queryKey: [...inboxKey(base), token],
    queryFn: ({ signal }) => api<NotificationListResponse>(`${base}?limit=${DROPDOWN_SIZE}`, { signal, ...(base === '/admin/notifications' ? { token } : {}) }),
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}

/** The error catalogue's words for each inbox action that can fail (storefront spec, error catalogue). */
export const INBOX_FAILURES = {
  markRead: 'Failed to mark notification as read',
  markAllRead: 'Failed to mark all notifications as read',
  remove: 'Failed to delete notification',
  deleteRead: 'Failed to delete read notifications',
} as const;

/** The bell's and the notification centre's actions; a failure says which one failed, and the list is fetched again. */
export function useInboxActions(base: InboxBase, token: string | null) {
  const client = useQueryClient();
  const options = base === '/admin/notifications' ? { token } : {};
  const refresh = () => client.invalidateQueries({ queryKey: inboxKey(base) });
  const failed = (action: keyof typeof INBOX_FAILURES) => () => void toast.error(INBOX_FAILURES[action], { id: `inbox-${action}` });
  return {
    markRead: useMutation({ mutationFn: (id: string) => api(`${base}/${id}/read`, { method: 'PUT', ...options }), onError: failed('markRead'), onSettled: refresh }),
    remove: useMutation({ mutationFn: (id: string) => api(`${base}/${id}`, { method: 'DELETE', ...options }), onError: failed('remove'), onSettled: refresh }),
    markAllRead: useMutation({ mutationFn: () => api(`${base}/mark-all-read`, { method: 'PUT', ...options }), onError: failed('markAllRead'), onSettled: refresh }),
    deleteRead: useMutation({ mutationFn: () => api(base, { method: 'DELETE', ...options }), onError: failed('deleteRead'), onSettled: refresh }),
  };
}

const RECONNECT_MS = 5000;

type LiveListener = (notification: Notification) => void;
const liveListeners = new Set<LiveListener>();

/** Hears every notification the live stream delivers (order screens refresh on 'order' ones); returns the unsubscribe. */
export function onLiveNotification(listener: LiveListener): () => void {
  liveListeners.add(listener);
  return () => liveListeners.delete(listener);
}

/**
 * Keeps a Server-Sent Events stream open while signed in. It is read with fetch rather than EventSource so the
 * token travels in the Authorization header like every other call (see docs/decisions/0005).
 */
export function useLiveInbox(base: InboxBase, token: string | null, onSessionEnded: () => void) {
  const client = useQueryClient();
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    // The last notification read: a stream opened again names it, and the server first sends what came after.
    let lastEventId: string | undefined;

    const connect = async () => {
      let ended = false;
      try {
        const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) };
        const response = await fetch(`/api${base}/stream`, { headers, signal: controller.signal });
        if (response.status === 401 || response.status === 403) {
          onSessionEnded();
          return;
        }
        if (!response.ok || !response.body) throw new Error(`stream ${response.status}`);
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const taken = takeStreamEvents(buffer + decoder.decode(value, { stream: true }));
          buffer = taken.rest;
          for (const { event, data, id } of taken.events) {
            if (id) lastEventId = id;
            if (event === 'notification') {
              const payload = data as NotificationStreamEvent;
              for (const listener of liveListeners) listener(payload.notification);
              client.setQueriesData<NotificationListResponse>({ queryKey: inboxKey(base) }, (current) =>
                current
                  ? {
                      ...current,
                      notifications: [payload.notification, ...current.notifications.filter((item) => item.id !== payload.notification.id)].slice(0, current.pagination.limit),
                      unreadCount: payload.unreadCount,
                      pagination: { ...current.pagination, total: current.pagination.total + 1 },
                    }
                  : current,
              );
            } else if (event === 'session-ended') {
              ended = true;
              onSessionEnded();
            }
          }
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      if (!ended && !controller.signal.aborted) retry = setTimeout(() => void connect(), RECONNECT_MS);
    };
    void connect();
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [base, token, client, onSessionEnded]);
}
