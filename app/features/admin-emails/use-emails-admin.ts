import { useQuery } from '@tanstack/react-query';
import type { EmailDetailResponse, EmailListResponse } from '../../../contracts/admin-emails.ts';
import { adminApi, adminKeys, useAdminList } from '../admin/index.ts';

const AREA = 'emails';
export const EMAILS_PER_PAGE = 25;

/** One page of every e-mail, newest first. */
export function useEmailList(page: number) {
  return useAdminList<EmailListResponse>(AREA, '/admin/emails', { page, limit: EMAILS_PER_PAGE });
}

/** One message as it was sent (or, not sent yet, as it will look). */
export function useEmailDetail(id: string | null) {
  return useQuery({
    queryKey: adminKeys.detail(AREA, id ?? ''),
    queryFn: ({ signal }) => adminApi<EmailDetailResponse>(`/admin/emails/${id}`, { signal }),
    enabled: id !== null,
  });
}
