import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldError } from '../../../contracts/api.ts';
import type { AdminShippingResponse, AdminShippingZone, ShippingHoliday } from '../../../contracts/shipping.ts';
import { adminApi, adminKeys, useAdminList, useRecordEditor } from '../admin/index.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import toast from '../../lib/toast.ts';
import { zoneBody, type ZoneFormValues } from './zone-form.tsx';

const AREA = 'shipping';

/** The shipping screen's state: the zones, the one open in the form, and the holidays with their small form. */
export function useShippingAdmin() {
  const client = useQueryClient();
  const list = useAdminList<AdminShippingResponse>(AREA, '/admin/shipping');
  const refresh = () => client.invalidateQueries({ queryKey: adminKeys.area(AREA) });

  const editor = useRecordEditor<AdminShippingZone, ZoneFormValues>({
    submit: (target, values) => {
      const body = zoneBody(values);
      return target === 'new' ? adminApi('/admin/shipping/zones', { method: 'POST', body }) : adminApi(`/admin/shipping/zones/${target.id}`, { method: 'PUT', body });
    },
    savedMessage: () => 'Shipping zone saved',
    failedMessage: 'Failed to save the shipping zone',
    onSaved: refresh,
  });

  async function removeZone(zone: AdminShippingZone) {
    if (!window.confirm(`Delete the zone ${zone.label} (${zone.pins})? Its PIN codes fall back to the wider range around them.`)) return;
    try {
      await adminApi(`/admin/shipping/zones/${zone.id}`, { method: 'DELETE' });
      toast.success('Shipping zone deleted');
      await refresh();
    } catch (error) {
      toast.error(error instanceof ApiRequestError ? error.message : 'Failed to delete the shipping zone');
    }
  }

  const [holidayErrors, setHolidayErrors] = useState<FieldError[]>([]);
  const [addingHoliday, setAddingHoliday] = useState(false);

  /** Adds a holiday; true when it was saved, so the form can clear itself. */
  async function addHoliday(holiday: ShippingHoliday): Promise<boolean> {
    setAddingHoliday(true);
    setHolidayErrors([]);
    try {
      await adminApi('/admin/shipping/holidays', { method: 'POST', body: holiday });
      toast.success('Holiday added');
      await refresh();
      return true;
    } catch (error) {
      if (error instanceof ApiRequestError && error.errors.length > 0) setHolidayErrors(error.errors);
      else toast.error(error instanceof ApiRequestError ? error.message : 'Failed to add the holiday');
      return false;
    } finally {
      setAddingHoliday(false);
    }
  }

  async function removeHoliday(holiday: ShippingHoliday) {
    try {
      await adminApi(`/admin/shipping/holidays/${holiday.day}`, { method: 'DELETE' });
      toast.success('Holiday removed');
      await refresh();
    } catch (error) {
      toast.error(error instanceof ApiRequestError ? error.message : 'Failed to remove the holiday');
    }
  }

  return { list, zones: list.data?.zones, holidays: list.data?.holidays, editor, removeZone, addHoliday, removeHoliday, holidayErrors, addingHoliday };
}
