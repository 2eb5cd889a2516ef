import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Shipment } from '../../../contracts/shipments.ts';
import { AdminScreen, adminApi, adminKeys, type Column, DataTable, DetailModal, ListEmpty, ListError, ListLoading, useAdminList } from '../admin/index.ts';
import { downloadAdminFile } from '../admin-products/index.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import toast from '../../lib/toast.ts';
import { ShipmentTimeline } from '../orders/index.ts';

const AREA = 'shipments';
type Queue = 'ready' | 'in-transit' | 'ndr' | 'returning';
const QUEUES: [Queue, string][] = [
  ['ready', 'Ready to ship'],
  ['in-transit', 'On the way'],
  ['ndr', 'Failed deliveries'],
  ['returning', 'Returning'],
];

interface ReadyOrder {
  id: string;
  orderNumber: string;
  customerName: string;
  city: string;
  pincode: string;
  units: number;
  cashOnDelivery: boolean;
  placedAt: string;
}
interface QueueAnswer {
  orders: ReadyOrder[];
  shipments: Shipment[];
}

/** What the admin reads of a booking: under way, delayed by the courier (retrying), or refused. */
function BookingBadge({ shipment }: { shipment: Shipment }) {
  if (shipment.booking === 'delayed') return <span className="rounded-full border border-ember/60 px-2 py-0.5 text-xs text-ember" title={shipment.bookingError ?? ''}>Booking delayed · retrying</span>;
  if (shipment.booking === 'failed') return <span className="rounded-full border border-blood/60 px-2 py-0.5 text-xs text-blood" title={shipment.bookingError ?? ''}>Booking failed</span>;
  if (shipment.booking === 'queued') return <span className="rounded-full border border-orchid/60 px-2 py-0.5 text-xs text-orchid">Booking…</span>;
  return null;
}

async function act<T>(work: () => Promise<T>, failed: string): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    toast.error(error instanceof ApiRequestError ? error.message : failed);
    return null;
  }
}

/**
 * The dispatch desk: pick the orders ready to go and make their parcels (booked with the courier), then ask for the
 * pickup, print the labels and the manifest; follow the parcels on the way, decide failed deliveries, watch returns.
 */
export function DispatchPage() {
  const client = useQueryClient();
  const [queue, setQueue] = useState<Queue>('ready');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [open, setOpen] = useState<Shipment | null>(null);
  const list = useAdminList<QueueAnswer>(AREA, '/admin/shipments', { queue });
  const refresh = () => client.invalidateQueries({ queryKey: adminKeys.area(AREA) });
  const toggle = (key: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const choose = (next: Queue) => {
    setQueue(next);
    setSelected(new Set());
  };
  const shipmentIds = () => [...selected].map(Number);

  async function createShipments() {
    const answer = await act(() => adminApi<{ created: Shipment[]; refused: { orderId: string; message: string }[] }>('/admin/shipments', { method: 'POST', body: { orderIds: [...selected] } }), 'Could not create the parcels');
    if (!answer) return;
    if (answer.created.length) toast.success(`${answer.created.length} parcel${answer.created.length === 1 ? '' : 's'} created and sent for booking`);
    for (const refusal of answer.refused) toast.error(`${refusal.orderId}: ${refusal.message}`);
    setSelected(new Set());
    await refresh();
  }

  /** Downloads one PDF for the selected parcels: their labels, packing slips or the pickup manifest. */
  async function print(kind: 'labels' | 'packing-slips' | 'manifest') {
    try {
      await downloadAdminFile(`/admin/shipments/${kind}`, `${kind}.pdf`, { shipmentIds: shipmentIds() });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : `Could not make the ${kind.replace('-', ' ')}`);
    }
    await refresh();
  }

  async function pickup() {
    const answer = await act(() => adminApi<{ message: string }>('/admin/shipments/pickup', { method: 'POST', body: { shipmentIds: shipmentIds() } }), 'Could not ask for the pickup');
    if (answer) toast.success(answer.message);
    await refresh();
  }

  async function one(shipment: Shipment, path: string, body: unknown, done: string, ask?: string) {
    if (ask && !window.confirm(ask)) return;
    const answer = await act(() => adminApi(`/admin/shipments/${shipment.id}/${path}`, { method: 'POST', body }), 'The courier could not be asked');
    if (answer) toast.success(done);
    setOpen(null);
    await refresh();
  }

  const check = (key: string, label: string) => (
    <input type="checkbox" className="h-4 w-4 accent-gold" checked={selected.has(key)} onChange={() => toggle(key)} aria-label={label} />
  );
  const orderColumns: Column<ReadyOrder>[] = [
    { header: <span className="sr-only">Select</span>, cell: (order) => check(order.id, `Select ${order.orderNumber}`), className: 'px-4 py-3' },
    { header: 'Order', cell: (order) => <span className="font-mono text-gold-bright">{order.orderNumber}</span>, className: 'px-4 py-3 whitespace-nowrap' },
    { header: 'Customer', cell: (order) => order.customerName, className: 'px-4 py-3 text-mist' },
    { header: 'To', cell: (order) => `${order.city} ${order.pincode}`, className: 'px-4 py-3 whitespace-nowrap' },
    { header: 'Potions', cell: (order) => order.units, className: 'px-4 py-3' },
    { header: 'Payment', cell: (order) => (order.cashOnDelivery ? 'Cash on delivery' : 'Paid'), className: 'px-4 py-3 whitespace-nowrap' },
  ];
  const shipmentColumns: Column<Shipment>[] = [
    { header: <span className="sr-only">Select</span>, cell: (shipment) => check(String(shipment.id), `Select parcel ${shipment.reference}`), className: 'px-4 py-3' },
    { header: 'Parcel', cell: (shipment) => <span className="font-mono text-gold-bright">{shipment.reference}</span>, className: 'px-4 py-3 whitespace-nowrap' },
    { header: 'Courier', cell: (shipment) => (shipment.awb ? `${shipment.courierName ?? ''} ${shipment.awb}` : '—'), className: 'px-4 py-3 text-mist' },
    {
      header: 'Status',
      cell: (shipment) => (
        <div className="flex flex-wrap items-center gap-2">
          <span>{shipment.statusName}</span>
          <BookingBadge shipment={shipment} />
        </div>
      ),
      className: 'px-4 py-3',
    },
    { header: queue === 'ndr' ? 'Reason' : 'Pickup', cell: (shipment) => (queue === 'ndr' ? (shipment.ndr?.reason ?? '') : (shipment.pickupScheduledFor ?? '—')), className: 'px-4 py-3 text-ash' },
    {
      header: <span className="sr-only">Actions</span>,
      cell: (shipment) => (
        <button type="button" className="btn-ghost px-3 py-1.5 text-xs" onClick={() => setOpen(shipment)}>
          Timeline
        </button>
      ),
      className: 'px-4 py-3 text-right',
    },
  ];

  const data = list.data;
  const rows = queue === 'ready' ? (data?.orders ?? []) : (data?.shipments ?? []);
  const none = selected.size === 0;
  const actions =
    queue === 'ready' ? (
      <button type="button" className="btn-gold" disabled={none} onClick={() => void createShipments()}>
        Create shipments ({selected.size})
      </button>
    ) : queue === 'in-transit' ? (
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-gold" disabled={none} onClick={() => void pickup()}>
          Schedule pickup
        </button>
        <button type="button" className="btn-ghost" disabled={none} onClick={() => void print('labels')}>
          Print labels
        </button>
        <button type="button" className="btn-ghost" disabled={none} onClick={() => void print('packing-slips')}>
          Print packing slips
        </button>
        <button type="button" className="btn-ghost" disabled={none} onClick={() => void print('manifest')}>
          Print manifest
        </button>
      </div>
    ) : null;

  return (
    <AdminScreen eyebrow="Dispatch" title="Shipments" intro={<p className="mt-1 max-w-2xl text-sm text-ash">Pick orders, make their parcels, and the courier's tracking does the rest: the customer is told at every step.</p>} actions={actions}>
      <div role="tablist" aria-label="Queues" className="flex flex-wrap gap-2">
        {QUEUES.map(([key, label]) => (
          <button key={key} type="button" role="tab" aria-selected={queue === key} className={queue === key ? 'btn-gold px-4 py-1.5 text-sm' : 'btn-ghost px-4 py-1.5 text-sm'} onClick={() => choose(key)}>
            {label}
          </button>
        ))}
      </div>
      <ListError error={list.error} onRetry={() => void list.refetch()} />
      {list.isLoading ? <ListLoading>Loading the queue...</ListLoading> : null}
      {data && rows.length === 0 ? <ListEmpty title="Nothing here" hint={queue === 'ready' ? 'Every paid order is in a parcel.' : 'No parcel is in this queue.'} /> : null}
      {data && queue === 'ready' && data.orders.length > 0 ? <DataTable
          rows={data.orders}
          rowKey={(order) => order.id}
          columns={orderColumns}
          caption="Orders ready to ship"
          rowProps={() => ({ 'data-testid': 'ready-order' })}
          cards={(order) => (
            <label className="panel flex items-start gap-3 p-4" data-testid="ready-order-card">
              {check(order.id, `Select ${order.orderNumber}`)}
              <span className="min-w-0">
                <span className="block font-mono break-all text-gold-bright">{order.orderNumber}</span>
                <span className="block text-sm text-mist">
                  {order.customerName} · {order.city} {order.pincode}
                </span>
                <span className="block text-xs text-ash">
                  {order.units} potion{order.units === 1 ? '' : 's'} · {order.cashOnDelivery ? 'Cash on delivery' : 'Paid'}
                </span>
              </span>
            </label>
          )}
        /> : null}
      {data && queue !== 'ready' && data.shipments.length > 0 ? (
        <DataTable
          rows={data.shipments}
          rowKey={(shipment) => shipment.id}
          columns={shipmentColumns}
          caption="Parcels"
          rowProps={() => ({ 'data-testid': 'shipment-row' })}
          cards={(shipment) => (
            <div className="panel flex items-start gap-3 p-4" data-testid="shipment-card">
              {check(String(shipment.id), `Select parcel ${shipment.reference}`)}
              <div className="min-w-0 flex-1">
                <p className="font-mono break-all text-gold-bright">{shipment.reference}</p>
                <p className="text-sm break-all text-mist">{shipment.awb ? `${shipment.courierName ?? ''} · ${shipment.awb}` : 'Awaiting courier'}</p>
                <div className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                  <span>{shipment.statusName}</span>
                  <BookingBadge shipment={shipment} />
                </div>
                {shipment.ndr ? <p className="mt-1 text-xs text-ember">{shipment.ndr.reason}</p> : null}
              </div>
              <button type="button" className="btn-ghost px-3 py-1.5 text-xs" onClick={() => setOpen(shipment)}>
                Timeline
              </button>
            </div>
          )}
        />
      ) : null}
      {open ? (
        <DetailModal label={`Parcel ${open.reference}`} onClose={() => setOpen(null)}>
          <h2 className="text-xl text-gold-bright">Parcel {open.reference}</h2>
          <p className="mb-4 text-sm text-ash">
            {open.lines.map((line) => `${line.quantity} × ${line.name} ${line.size}`).join(', ')} · {open.weightGrams} g · {open.dimensionsCm.length}×{open.dimensionsCm.breadth}×{open.dimensionsCm.height} cm
          </p>
          {open.bookingError ? <p className="mb-3 text-sm text-ember">{open.bookingError}</p> : null}
          {open.trackingUrl ? (
            <a href={open.trackingUrl} target="_blank" rel="noopener noreferrer" className="mb-4 inline-block text-sm text-orchid hover:text-gold-bright">
              Courier&apos;s tracking page ↗
            </a>
          ) : null}
          <ShipmentTimeline shipment={open} />
          <div className="mt-5 flex flex-wrap gap-2">
            {['created', 'awb-assigned', 'pickup-scheduled'].includes(open.status) ? (
              <button type="button" className="btn-ghost text-blood" onClick={() => void one(open, 'cancel', undefined, 'Parcel cancelled', 'Cancel this parcel? The courier will not collect it.')}>
                Cancel parcel
              </button>
            ) : null}
            {open.status === 'undelivered' ? (
              <>
                <button type="button" className="btn-gold" onClick={() => void one(open, 'ndr', { action: 're-attempt' }, 'The courier will try again')}>
                  Re-attempt
                </button>
                <button type="button" className="btn-ghost" onClick={() => void one(open, 'ndr', { action: 'return' }, 'Return to origin requested', 'Send this parcel back to the shop?')}>
                  Return to origin
                </button>
              </>
            ) : null}
          </div>
        </DetailModal>
      ) : null}
    </AdminScreen>
  );
}
