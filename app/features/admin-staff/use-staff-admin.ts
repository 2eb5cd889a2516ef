import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffOverviewResponse } from '../../../contracts/staff.ts';
import { adminApi, adminKeys } from '../admin/index.ts';
import toast from '../../lib/toast.ts';

const AREA = 'staff';

/** The staff screen: the people, pending invitations, roles, and what the owner can change about them. */
export function useStaffAdmin() {
  const client = useQueryClient();
  const overview = useQuery({ queryKey: adminKeys.area(AREA), queryFn: ({ signal }) => adminApi<StaffOverviewResponse>('/admin/staff', { signal }) });
  const refresh = () => void client.invalidateQueries({ queryKey: adminKeys.area(AREA) });
  const act = <Input>(mutationFn: (input: Input) => Promise<{ message: string }>) => ({
    mutationFn,
    onSuccess: (response: { message: string }) => {
      toast.success(response.message);
      refresh();
    },
    onError: (error: Error) => toast.error(error.message),
  });
  const invite = useMutation(act((body: { email: string; name: string; role: string }) => adminApi<{ message: string }>('/admin/staff/invitations', { method: 'POST', body })));
  const changeRole = useMutation(act(({ id, role }: { id: string; role: string }) => adminApi<{ message: string }>(`/admin/staff/${id}/role`, { method: 'PUT', body: { role } })));
  const setStatus = useMutation(
    act(({ id, status }: { id: string; status: 'active' | 'suspended' }) => adminApi<{ message: string }>(`/admin/staff/${id}/status`, { method: 'PUT', body: { status } })),
  );
  const remove = useMutation(act((id: string) => adminApi<{ message: string }>(`/admin/staff/${id}`, { method: 'DELETE' })));
  const resetTwoFactor = useMutation(act((id: string) => adminApi<{ message: string }>(`/admin/staff/${id}/two-factor-reset`, { method: 'POST' })));
  const createRole = useMutation(
    act((body: { key: string; name: string; permissions: string[] }) => adminApi<{ message: string }>('/admin/staff/roles', { method: 'POST', body })),
  );
  const saveSettings = useMutation(
    act((body: { requireTwoFactor?: boolean; supportRefundLimit?: number }) => adminApi<{ message: string }>('/admin/staff/settings', { method: 'PUT', body })),
  );
  return { overview, invite, changeRole, setStatus, remove, resetTwoFactor, createRole, saveSettings };
}
