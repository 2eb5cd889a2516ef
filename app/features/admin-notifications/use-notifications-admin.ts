import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Notification, NotificationListResponse } from '../../../contracts/notifications.ts';
import { byNewest, byPriority } from '../../../domain/notifications.ts';
import { adminApi, listQuery, useAdminSession } from '../admin/index.ts';
import { inboxKey, useInboxActions } from '../notifications/index.ts';

const INBOX = '/admin/notifications';

/**
 * The Notification Center's state. Its queries live under the admin inbox's key rather than ['admin', …]: the bell
 * in the portal's header reads the same inbox, so a change made here refreshes the bell's count too.
 */
export function useNotificationsAdmin() {
  const token = useAdminSession((state) => state.token);
  const [type, setType] = useState<'all' | Notification['type']>('all');
  const [readFilter, setReadFilter] = useState<'all' | 'unread'>('all');
  const [sort, setSort] = useState<'date' | 'priority'>('date');
  const client = useQueryClient();
  const actions = useInboxActions(INBOX, token);
  const query = listQuery({ limit: 100, type: type === 'all' ? undefined : type, unreadOnly: readFilter === 'unread' ? 'true' : undefined });
  const list = useQuery({
    queryKey: [...inboxKey(INBOX), 'center', query],
    queryFn: ({ signal }) => adminApi<NotificationListResponse>(`${INBOX}?${query}`, { signal }),
  });
  const items = [...(list.data?.notifications ?? [])].sort(sort === 'priority' ? byPriority : byNewest);
  const refresh = () => client.invalidateQueries({ queryKey: inboxKey(INBOX) });
  const settled = { onSettled: refresh };
  return {
    type,
    setType,
    readFilter,
    setReadFilter,
    sort,
    setSort,
    list,
    items,
    markRead: (id: string) => actions.markRead.mutate(id, settled),
    remove: (id: string) => actions.remove.mutate(id, settled),
    markAllRead: () => actions.markAllRead.mutate(undefined, settled),
    deleteRead: () => actions.deleteRead.mutate(undefined, settled),
  };
}
