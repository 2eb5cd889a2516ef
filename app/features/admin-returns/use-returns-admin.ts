import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OrderReturn } from '../../../contracts/returns.ts';
import type { ReturnAction, ReturnStatus } from '../../../domain/returns.ts';
import { adminApi, adminKeys, useAdminList, useListPage } from '../admin/index.ts';
import toast from '../../lib/toast.ts';

const AREA = 'returns';

export interface ReturnListResponse {
  success: true;
  returns: OrderReturn[];
  counts: Record<ReturnStatus | 'all', number>;
  pagination: { page: number; limit: number; total: number; pages: number };
}

/** The Returns queue: a status filter (requested first, where the work is), the page, the list and the open return. */
export function useReturnsAdmin() {
  const [status, setStatus] = useState<'all' | ReturnStatus>('requested');
  const [page, setPage] = useListPage([status]);
  const list = useAdminList<ReturnListResponse>(AREA, '/admin/returns', { status, page, limit: 20 });
  const [selected, setSelected] = useState<OrderReturn | null>(null);
  return { status, setStatus, page, setPage, list, selected, setSelected };
}

/** Approve, reject or receive one return; each refreshes the queue and closes the detail. */
export function useReturnAction(entry: OrderReturn, onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { action: ReturnAction; restock?: boolean; note?: string }) =>
      adminApi<{ message: string }>(`/admin/returns/${entry.id}`, { method: 'PUT', body: { ...body, note: body.note?.trim() || undefined } }),
    onSuccess: (response) => {
      toast.success(response.message);
      void client.invalidateQueries({ queryKey: adminKeys.area(AREA) });
      void client.invalidateQueries({ queryKey: adminKeys.area('orders') });
      onDone();
    },
    onError: (error: Error) => toast.error(error.message),
  });
}
