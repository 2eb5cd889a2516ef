import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ADMIN_ORDER_SORTS, AdminOrderListResponse, Order, TrackingBody } from '../../../contracts/orders.ts';
import type { OrderStatus } from '../../../domain/orders.ts';
import { adminApi, adminKeys, useAdminList, useListPage, useSearchQuery } from '../admin/index.ts';
import { notice } from './notice.tsx';

const AREA = 'orders';
const PAGE_SIZE = 50;

/** The order screen's state: search, status, sort, page, the list and the order open in detail. */
export function useOrdersAdmin() {
  const [searchParams] = useSearchParams();
  // A notification's link (/admin/orders?search=DP-…) opens the list already narrowed to that order.
  const search = useSearchQuery(searchParams.get('search') ?? '');
  const [status, setStatus] = useState<'all' | OrderStatus>('all');
  const [sort, setSort] = useState<(typeof ADMIN_ORDER_SORTS)[number]>('newest');
  const [page, setPage] = useListPage([search.query, status, sort]);
  const [selected, setSelected] = useState<string | null>(null);
  const list = useAdminList<AdminOrderListResponse>(AREA, '/admin/orders', { sort, page, limit: PAGE_SIZE, search: search.query, status: status === 'all' ? undefined : status });
  useEffect(() => {
    if (list.error) console.error('Orders could not be loaded', list.error);
  }, [list.error]);
  const filtered = Boolean(search.query) || status !== 'all';
  const clearFilters = () => {
    search.clear();
    setStatus('all');
  };
  return { search, status, setStatus, sort, setSort, page, setPage, list, filtered, clearFilters, selected, setSelected };
}

/** One order in full, and the status change and tracking update that refresh it and the list. */
export function useOrderDetail(orderId: string, onStatusChanged: () => void) {
  const client = useQueryClient();
  const path = `/admin/orders/${encodeURIComponent(orderId)}`;
  const detail = useQuery({
    queryKey: adminKeys.detail(AREA, orderId),
    queryFn: ({ signal }) => adminApi<{ order: Order }>(path, { signal }).then((reply) => reply.order),
    // Read afresh each time it is opened: the customer may have changed the order meanwhile (a UPI ID for a
    // refund, a return), and the admin acts on what it shows.
    staleTime: 0,
  });
  const refresh = () => client.invalidateQueries({ queryKey: adminKeys.area(AREA) });
  const changeStatus = useMutation({
    mutationFn: (next: OrderStatus) => adminApi<{ order: Order }>(`${path}/status`, { method: 'PUT', body: { status: next } }),
    onSuccess: ({ order: updated }) => {
      notice('success', 'Order Status Updated', `Order ${updated.orderNumber} status changed to ${updated.status}`);
      void refresh();
      onStatusChanged();
    },
    onError: (error) => notice('error', 'Update Failed', error.message || 'Failed to update order status'),
  });
  const tracking = useMutation({
    mutationFn: (body: TrackingBody) => adminApi<{ order: Order }>(`${path}/tracking`, { method: 'PUT', body }),
    onSuccess: ({ order: updated }, body) => {
      notice('success', 'Tracking Updated', `Tracking number ${body.trackingNumber} added to order ${updated.orderNumber}`);
      void refresh();
    },
    onError: () => notice('error', 'Update Failed', 'Failed to update tracking information'),
  });
  return { detail, changeStatus, tracking, refresh };
}
