import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Order } from '../../../contracts/orders.ts';
import { api } from '../../lib/api-client.ts';
import { useAuth } from '../account/index.ts';
import { onLiveNotification } from '../notifications/index.ts';

export const ordersKey = ['orders'] as const;
const REFRESH_MS = 30_000;

/** The tabs of one browser tell each other of changes the server sends no notification for. */
const TABS_CHANNEL = 'deosil-orders';

/**
 * Tells the shopper's other tabs that an order changed here: a cash-on-delivery order confirmed from the e-mail's
 * link in a new tab shows 'Confirmed' at once on the order page open in the first.
 */
export function announceOrderChange(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(TABS_CHANNEL);
  channel.postMessage('order-changed');
  channel.close();
}

/** Refetches the customer's orders the moment an order notification arrives on the live stream, or another tab changes one. */
function useRefreshOnOrderNews() {
  const client = useQueryClient();
  useEffect(
    () =>
      onLiveNotification((notification) => {
        if (notification.type === 'order') void client.invalidateQueries({ queryKey: ordersKey });
      }),
    [client],
  );
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(TABS_CHANNEL);
    channel.onmessage = () => void client.invalidateQueries({ queryKey: ordersKey });
    return () => channel.close();
  }, [client]);
}

/** The signed-in customer's orders, newest first, reloaded every 30 seconds while a list is open. */
export function useMyOrders() {
  const token = useAuth((state) => state.token);
  useRefreshOnOrderNews();
  return useQuery({
    queryKey: [...ordersKey, 'mine', token],
    queryFn: ({ signal }) => api<{ orders: Order[] }>('/orders/mine', { signal }).then((response) => response.orders),
    enabled: Boolean(token),
    refetchInterval: REFRESH_MS,
    staleTime: 10_000,
  });
}

/** One order by number or id; a 404 (or someone else's order) is not retried. */
export function useOrder(orderId: string | undefined) {
  const token = useAuth((state) => state.token);
  useRefreshOnOrderNews();
  return useQuery({
    queryKey: [...ordersKey, 'one', orderId, token],
    queryFn: ({ signal }) => api<{ order: Order }>(`/orders/${encodeURIComponent(orderId ?? '')}`, { signal }).then((response) => response.order),
    enabled: Boolean(token && orderId),
    refetchInterval: REFRESH_MS,
    retry: (count, error) => count < 1 && ![401, 403, 404].includes((error as { status?: number }).status ?? 0),
  });
}

/** Puts a just-placed order in the cache so the success page shows it without a second request. */
export function useSeedOrder() {
  const client = useQueryClient();
  const token = useAuth((state) => state.token);
  return (order: Order) => {
    for (const id of new Set([order.orderNumber, order._id, order.id])) client.setQueryData([...ordersKey, 'one', id, token], order);
    void client.invalidateQueries({ queryKey: [...ordersKey, 'mine'] });
  };
}
