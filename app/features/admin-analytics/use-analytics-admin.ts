import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AnalyticsResponse } from '../../../contracts/analytics.ts';
import type { AnalyticsPeriod } from '../../../domain/reporting-periods.ts';
import { adminApi } from '../admin/index.ts';

/** The analytics screen's report for the chosen period; the last one stays on screen while the next loads. */
export function useAnalyticsAdmin() {
  const [period, setPeriod] = useState<AnalyticsPeriod>('30days');
  const report = useQuery({
    queryKey: ['admin', 'analytics', period],
    queryFn: ({ signal }) => adminApi<AnalyticsResponse>(`/admin/analytics?period=${period}`, { signal }),
    placeholderData: keepPreviousData,
  });
  return { period, setPeriod, report };
}
