import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DashboardResponse } from '../../../contracts/admin-dashboard.ts';
import type { DashboardPeriod } from '../../../domain/reporting-periods.ts';
import { adminApi } from '../admin/index.ts';

/** The dashboard's figures for the chosen period against the one before; the last stay on screen while the next load. */
export function useDashboardAdmin() {
  const [period, setPeriod] = useState<DashboardPeriod>('week');
  const summary = useQuery({
    queryKey: ['admin', 'dashboard', period],
    queryFn: ({ signal }) => adminApi<DashboardResponse>(`/admin/dashboard?period=${period}`, { signal }),
    placeholderData: keepPreviousData,
  });
  return { period, setPeriod, summary };
}
