import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Shipment } from '../../../contracts/shipments.ts';
import { TextField } from '../../components/form.tsx';
import { api, ApiRequestError, fieldMessage } from '../../lib/api-client.ts';
import toast from '../../lib/toast.ts';
import { ordersKey } from './order-queries.ts';
import { ShipmentTimeline } from './shipment-timeline.tsx';

/** The order's parcels with the courier's timeline, and the choice the customer makes after a failed delivery. */
export function OrderParcels({ orderNumber }: { orderNumber: string }) {
  const parcels = useQuery({
    queryKey: [...ordersKey, 'parcels', orderNumber],
    queryFn: ({ signal }) => api<{ shipments: Shipment[] }>(`/orders/${encodeURIComponent(orderNumber)}/shipments`, { signal }).then((response) => response.shipments),
  });
  const live = (parcels.data ?? []).filter((parcel) => parcel.status !== 'cancelled');
  if (live.length === 0) return null;
  return (
    <div className="panel p-5" id="delivery" data-testid="order-parcels">
      <h2 className="text-lg text-gold-bright">{live.length === 1 ? 'Your Parcel' : `Your ${live.length} Parcels`}</h2>
      {live.map((parcel) => (
        <div key={parcel.id} className="mt-4 border-t border-shadow pt-4 first-of-type:border-t-0 first-of-type:pt-0">
          <p className="text-sm text-mist">
            {parcel.courierName ? `${parcel.courierName} · ` : ''}
            {parcel.awb ? <span className="font-mono break-all">AWB {parcel.awb}</span> : 'Being packed'}
            {parcel.trackingUrl ? (
              <>
                {' · '}
                <a href={parcel.trackingUrl} target="_blank" rel="noopener noreferrer" className="text-orchid underline-offset-4 hover:text-gold-bright hover:underline">
                  Track on the courier&apos;s site
                </a>
              </>
            ) : null}
          </p>
          <p className="mb-3 text-xs text-ash">{parcel.lines.map((line) => `${line.quantity} × ${line.name} ${line.size}`).join(', ')}</p>
          {parcel.ndr ? <FailedDelivery orderNumber={orderNumber} parcel={parcel} /> : null}
          <ShipmentTimeline shipment={parcel} />
        </div>
      ))}
    </div>
  );
}

/** After a failed attempt: a new day, or a corrected phone or address, for the courier's next try. */
function FailedDelivery({ orderNumber, parcel }: { orderNumber: string; parcel: Shipment }) {
  const client = useQueryClient();
  const [error, setError] = useState<unknown>(null);
  const [sending, setSending] = useState(false);
  if (!parcel.ndr) return null;
  if (parcel.ndr.action) {
    return <p className="mb-4 rounded border border-gold/40 bg-gold/5 p-3 text-sm text-mist">We have asked the courier to try again. Thank you.</p>;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    setSending(true);
    setError(null);
    try {
      await api(`/orders/${encodeURIComponent(orderNumber)}/shipments/${parcel.id}/ndr`, {
        method: 'POST',
        body: { action: 're-attempt', preferredDate: value('preferredDate'), phone: value('phone'), address: value('address') },
      });
      toast.success('The courier will try again');
      await client.invalidateQueries({ queryKey: [...ordersKey, 'parcels', orderNumber] });
    } catch (caught) {
      setError(caught);
      if (!(caught instanceof ApiRequestError) || caught.errors.length === 0) toast.error(caught instanceof ApiRequestError ? caught.message : 'Could not reach the shop. Please try again.');
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={submit} className="mb-4 rounded border border-ember/50 bg-ember/5 p-4" aria-label="Arrange another delivery attempt">
      <p className="font-semibold text-ember">The courier could not deliver: {parcel.ndr.reason}</p>
      <p className="mt-1 text-sm text-ash">Tell us when you will be in, or correct your phone or address, and the courier will try again.</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <TextField label="Deliver on" name="preferredDate" type="date" error={fieldMessage(error, 'preferredDate')} />
        <TextField label="Phone for the courier" name="phone" inputMode="tel" autoComplete="tel" error={fieldMessage(error, 'phone')} />
        <TextField label="Corrected address (optional)" name="address" autoComplete="street-address" fieldClassName="sm:col-span-2" error={fieldMessage(error, 'address')} />
      </div>
      <button type="submit" className="btn-gold mt-3" disabled={sending}>
        {sending ? 'Sending…' : 'Ask for another attempt'}
      </button>
    </form>
  );
}
