import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ADMIN_USER_SORTS, AdminUserDetailResponse, AdminUserListResponse, AdminUserRecord } from '../../../contracts/admin-users.ts';
import type { UserStatus } from '../../../domain/accounts.ts';
import { adminApi, adminKeys, labelled, useAdminList, useSearchQuery } from '../admin/index.ts';
import type { CreateNotificationBody } from '../../../contracts/notifications.ts';
import type { ErasureResponse } from '../../../contracts/privacy.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import toast from '../../lib/toast.ts';

const AREA = 'users';

/** The user management screen's state: search, status filter, sort, the list and the account open in detail. */
export function useUsersAdmin() {
  const search = useSearchQuery();
  const [status, setStatus] = useState<'all' | UserStatus>('all');
  const [sort, setSort] = useState<(typeof ADMIN_USER_SORTS)[number]>('newest');
  const list = useAdminList<AdminUserListResponse>(AREA, '/admin/users', { sort, limit: 100, search: search.query, status: status === 'all' ? undefined : status });
  const [selected, setSelected] = useState<string | null>(null);
  return { search, status, setStatus, sort, setSort, list, selected, setSelected };
}

/** One account in full, and the status change (activate, deactivate, ban) that refreshes it and the list. */
export function useUserDetail(id: string) {
  const client = useQueryClient();
  const detail = useQuery({ queryKey: adminKeys.detail(AREA, id), queryFn: ({ signal }) => adminApi<AdminUserDetailResponse>(`/admin/users/${id}`, { signal }) });
  const update = useMutation({
    mutationFn: (status: UserStatus) => adminApi<{ user: AdminUserRecord; message: string }>(`/admin/users/${id}/status`, { method: 'PUT', body: { status } }),
    onSuccess: (response) => {
      toast.success(response.message);
      void client.invalidateQueries({ queryKey: adminKeys.area(AREA) });
    },
    onError: (error) => toast.error(error.message),
  });
  return { detail, update };
}

/**
 * A hand-written notice to one customer. A refusal shows the spec's 'Failed to create notification' and the
 * server's reason under the field it names.
 */
export function useSendNotice(userId: string, name: string) {
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const send = useMutation({
    mutationFn: (body: Omit<CreateNotificationBody, 'userId' | 'type'>) =>
      adminApi<{ message: string }>('/admin/notifications', { method: 'POST', body: { ...body, userId, type: 'system' } }),
    onMutate: () => setFieldErrors({}),
    onSuccess: () => toast.success(`Notice sent to ${name}`),
    onError: (error) => {
      if (error instanceof ApiRequestError) setFieldErrors(Object.fromEntries(error.errors.map((field) => [field.field, labelled(field.message, { title: 'Title', message: 'Message' })])));
      toast.error('Failed to create notification');
    },
  });
  return { ...send, fieldErrors };
}

/**
 * Erasing a customer who asked in writing (DPDP Act 2023 s.12): the reference of their request goes into the
 * audit entry. A refusal names the field (`reference`) or says why it must wait (an order on its way).
 */
export function useEraseCustomer(id: string) {
  const client = useQueryClient();
  const [fieldError, setFieldError] = useState<string | undefined>();
  const erase = useMutation({
    mutationFn: (reference: string) => adminApi<ErasureResponse>(`/admin/users/${id}/erase`, { method: 'POST', body: { reference } }),
    onMutate: () => setFieldError(undefined),
    onSuccess: (response) => {
      toast.success(response.invoicesKept.length > 0 ? `Personal data erased; invoices kept for ${response.invoicesKept.join(', ')}` : 'Personal data erased');
      void client.invalidateQueries({ queryKey: adminKeys.area(AREA) });
    },
    onError: (error) => {
      if (error instanceof ApiRequestError) setFieldError(error.errors.find((entry) => entry.field === 'reference')?.message);
      toast.error(error.message);
    },
  });
  return { ...erase, fieldError };
}
