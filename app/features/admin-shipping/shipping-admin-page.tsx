import { useState, type FormEvent } from 'react';
import type { AdminShippingZone, ShippingHoliday } from '../../../contracts/shipping.ts';
import { SHIPPING_ZONE_NAMES, formatDeliveryDay, type ShippingZone } from '../../../domain/delivery-promise.ts';
import { formatRupees } from '../../../domain/money.ts';
import { shopDate } from '../../../domain/orders.ts';
import { AdminScreen, type Column, DataTable, labelled, ListEmpty, ListError, ListLoading, RecordDialog, StatCards } from '../admin/index.ts';
import { TextField } from '../../components/form.tsx';
import { useShippingAdmin } from './use-shipping-admin.ts';
import { ZoneForm, zoneFormValues } from './zone-form.tsx';

const ZONE_BADGE: Record<ShippingZone, string> = {
  local: 'border-emerald-300/60 text-emerald-200',
  metro: 'border-gold/60 text-gold-bright',
  'rest-of-india': 'border-orchid/60 text-orchid',
  'north-east-and-islands': 'border-ember/60 text-ember',
  'not-serviceable': 'border-blood/60 text-blood',
};

function ZoneBadge({ zone }: { zone: ShippingZone }) {
  return <span className={`inline-block rounded-full border px-2 py-0.5 text-xs whitespace-nowrap ${ZONE_BADGE[zone]}`}>{SHIPPING_ZONE_NAMES[zone]}</span>;
}

const days = (zone: AdminShippingZone) => (zone.deliveryDays === null ? '—' : `${zone.deliveryDays} day${zone.deliveryDays === 1 ? '' : 's'}`);
const cod = (zone: AdminShippingZone) => (zone.codAllowed ? `Yes · ${formatRupees(zone.codFee)}` : 'No');

/** Where the shop delivers and when: PIN ranges and their zones (edited in a modal), and the holidays couriers keep. */
export function ShippingAdminPage() {
  const { list, zones, holidays, editor, removeZone, addHoliday, removeHoliday, holidayErrors, addingHoliday } = useShippingAdmin();
  const today = shopDate(new Date());
  const holidaysAhead = holidays?.filter((holiday) => holiday.day >= today);

  const actions = (zone: AdminShippingZone) => (
    <div className="flex gap-2">
      <button type="button" className="btn-ghost px-3 py-1.5 text-xs" onClick={() => editor.open(zone)} aria-label={`Edit ${zone.label}`}>
        Edit
      </button>
      <button type="button" className="px-3 py-1.5 text-xs text-blood hover:underline" onClick={() => removeZone(zone)} aria-label={`Delete ${zone.label}`}>
        Delete
      </button>
    </div>
  );
  const columns: Column<AdminShippingZone>[] = [
    { header: 'PIN codes', cell: (zone) => <span className="font-mono text-gold-bright">{zone.pins}</span>, className: 'px-4 py-3 whitespace-nowrap' },
    { header: 'Name', cell: (zone) => zone.label, className: 'px-4 py-3 text-mist' },
    { header: 'Zone', cell: (zone) => <ZoneBadge zone={zone.zone} />, className: 'px-4 py-3' },
    { header: 'Delivery', cell: days, className: 'px-4 py-3 whitespace-nowrap' },
    { header: 'Cash on delivery', cell: cod, className: 'px-4 py-3 whitespace-nowrap' },
    { header: <span className="sr-only">Actions</span>, cell: actions, className: 'px-4 py-3 text-right' },
  ];

  return (
    <AdminScreen
      eyebrow="Where we deliver, and when"
      title="Shipping Zones"
      intro={<p className="mt-1 max-w-2xl text-sm text-ash">The narrowest range holding a PIN code decides its zone. Ranges nest inside each other or do not overlap.</p>}
      create={{ label: 'Add Zone', onClick: () => editor.open('new') }}
    >
      <StatCards
        className="lg:grid-cols-4"
        items={[
          ['PIN ranges', zones?.length],
          ['Delivered to', zones?.filter((zone) => zone.zone !== 'not-serviceable').length],
          ['Cash on delivery', zones?.filter((zone) => zone.codAllowed).length],
          ['Holidays ahead', holidaysAhead?.length],
        ]}
      />
      <ListError error={list.error} onRetry={() => void list.refetch()} />
      {list.isLoading ? <ListLoading>Loading shipping zones...</ListLoading> : null}
      {zones?.length === 0 ? <ListEmpty title="No shipping zones" hint="Without a zone no PIN code is delivered to. Add one for India, 100000-899999." /> : null}
      {zones && zones.length > 0 ? (
        <DataTable
          rows={zones}
          rowKey={(zone) => zone.id}
          columns={columns}
          caption="Shipping zones"
          rowProps={() => ({ 'data-testid': 'shipping-zone' })}
          cards={(zone) => (
            <div className="panel p-4" data-testid="shipping-zone-card">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-mono text-gold-bright">{zone.pins}</p>
                  <p className="break-words text-mist">{zone.label}</p>
                </div>
                <ZoneBadge zone={zone.zone} />
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                <dt className="text-ash">Delivery</dt>
                <dd>{days(zone)}</dd>
                <dt className="text-ash">Cash on delivery</dt>
                <dd>{cod(zone)}</dd>
              </dl>
              <div className="mt-3 border-t border-shadow pt-3">{actions(zone)}</div>
            </div>
          )}
        />
      ) : null}

      <Holidays holidays={holidays} today={today} errors={holidayErrors} adding={addingHoliday} onAdd={addHoliday} onRemove={removeHoliday} />

      <RecordDialog editor={editor} titleId="zone-form-title" title={(zone) => (zone ? `Edit ${zone.label}` : 'New Shipping Zone')} recordKey={(zone) => zone.id}>
        {(zone, form) => <ZoneForm initial={zoneFormValues(zone)} {...form} />}
      </RecordDialog>
    </AdminScreen>
  );
}

const HOLIDAY_LABELS = { day: 'Date', name: 'Name' };

/** The days couriers do not deliver, besides Sundays; past ones stay listed, greyed, for the record. */
function Holidays({
  holidays,
  today,
  errors,
  adding,
  onAdd,
  onRemove,
}: {
  holidays: ShippingHoliday[] | undefined;
  today: string;
  errors: { field: string; message: string }[];
  adding: boolean;
  onAdd: (holiday: ShippingHoliday) => Promise<boolean>;
  onRemove: (holiday: ShippingHoliday) => void;
}) {
  const [day, setDay] = useState('');
  const [name, setName] = useState('');
  const errorOf = (field: 'day' | 'name') => {
    const message = errors.find((error) => error.field === field)?.message;
    return message === undefined ? undefined : labelled(message, HOLIDAY_LABELS);
  };
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await onAdd({ day, name })) {
      setDay('');
      setName('');
    }
  }

  return (
    <section className="panel p-5" aria-labelledby="holidays-title">
      <h2 id="holidays-title" className="text-lg text-gold-bright">
        Holidays
      </h2>
      <p className="mt-1 text-sm text-ash">Delivery dates skip these days as they skip Sundays.</p>
      <form className="mt-4 grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end" noValidate onSubmit={submit}>
        <TextField label="Date" error={errorOf('day')} type="date" value={day} onChange={(event) => setDay(event.target.value)} />
        <TextField label="Name" error={errorOf('name')} value={name} placeholder="Diwali" onChange={(event) => setName(event.target.value)} />
        <button type="submit" className="btn-gold" disabled={adding}>
          {adding ? 'Adding…' : 'Add Holiday'}
        </button>
      </form>
      {holidays && holidays.length === 0 ? <p className="mt-4 text-sm text-ash">No holidays: only Sundays are skipped.</p> : null}
      <ul className="mt-4 divide-y divide-shadow">
        {(holidays ?? []).map((holiday) => (
          <li key={holiday.day} className={`flex items-center justify-between gap-3 py-2 text-sm ${holiday.day < today ? 'text-ash/70' : ''}`} data-testid="shipping-holiday">
            <span className="flex min-w-0 flex-col sm:flex-row sm:gap-4">
              <time dateTime={holiday.day} className="whitespace-nowrap sm:w-36 sm:shrink-0">
                {formatDeliveryDay(holiday.day)} {holiday.day.slice(0, 4)}
              </time>
              <span className="break-words">{holiday.name}</span>
            </span>
            <button type="button" className="px-2 py-1 text-xs text-blood hover:underline" onClick={() => onRemove(holiday)} aria-label={`Remove ${holiday.name} on ${holiday.day}`}>
              Remove
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
