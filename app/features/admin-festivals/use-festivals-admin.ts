import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Festival } from '../../../contracts/festivals.ts';
import { adminApi, adminKeys, useAdminList, useRecordEditor } from '../admin/index.ts';
import { festivalBody, type FestivalFormValues } from './festival-form.tsx';
import toast from '../../lib/toast.ts';

export type AdminFestival = Festival & { isLive: boolean; version: number };
const AREA = 'festivals';

/** The festival screen's state: the banners, the one open in the form, and switching one on or off or deleting it. */
export function useFestivalsAdmin() {
  const client = useQueryClient();
  const list = useAdminList<{ festivals: AdminFestival[] }>(AREA, '/admin/festivals');
  const refresh = () => client.invalidateQueries({ queryKey: adminKeys.area(AREA) });
  useEffect(() => {
    if (list.error) console.error('Festivals could not be loaded', list.error);
  }, [list.error]);

  const editor = useRecordEditor<AdminFestival, FestivalFormValues>({
    submit: (target, values) => {
      const body = festivalBody(values);
      // An edit sends the version it read, so one made on an older copy is refused rather than saved over another's.
      return target === 'new' ? adminApi('/admin/festivals', { method: 'POST', body }) : adminApi(`/admin/festivals/${target.id}`, { method: 'PUT', body: { ...body, version: target.version } });
    },
    savedMessage: () => 'Festival saved',
    failedMessage: 'Failed to save festival',
    onSaved: refresh,
  });

  async function remove(festival: AdminFestival) {
    if (!window.confirm('Are you sure you want to delete this festival?')) return;
    try {
      await adminApi(`/admin/festivals/${festival.id}`, { method: 'DELETE' });
      await refresh();
    } catch {
      toast.error('Failed to delete festival');
    }
  }

  async function toggle(festival: AdminFestival) {
    try {
      await adminApi(`/admin/festivals/${festival.id}/toggle`, { method: 'PATCH' });
      await refresh();
    } catch {
      toast.error('Failed to toggle festival status');
    }
  }

  return { list, festivals: list.data?.festivals, editor, remove, toggle };
}
