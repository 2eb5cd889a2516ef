import { useState } from 'react';
import type { GstReportResponse } from '../../../contracts/gst-report.ts';
import type { GstReportPart } from '../../../domain/gstr1-csv.ts';
import { shopDate } from '../../../domain/orders.ts';
import { downloadFromApi } from '../../lib/api-client.ts';
import toast from '../../lib/toast.ts';
import { useAdminList, useAdminSession } from '../admin/index.ts';

/** The GST screen's state: the month (this month on India's calendar to start with), its report and the CSV downloads. */
export function useTaxAdmin() {
  const [month, setMonth] = useState(() => shopDate(new Date()).slice(0, 7));
  const report = useAdminList<GstReportResponse>('tax', '/admin/reports/gst', { month });
  const token = useAdminSession((state) => state.token);
  const exportCsv = async (part: GstReportPart) => {
    try {
      await downloadFromApi(`/admin/reports/gst/${part}.csv?month=${month}`, { token, fallbackName: `gstr1-${part}-${month}.csv` });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not export the CSV');
    }
  };
  return { month, setMonth, report, exportCsv };
}
