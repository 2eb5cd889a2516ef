import { useState } from 'react';
import type { Order, TrackingBody } from '../../../contracts/orders.ts';
import { SelectField, TextAreaField, TextField } from '../../components/form.tsx';
import { addBusinessDays, CARRIERS, shopDate } from '../../../domain/orders.ts';

/** Business days from today; 7 is the spec's standard. */
export const DELIVERY_QUICK_PICKS = [3, 5, 7, 10] as const;
export const DEFAULT_DELIVERY_DAYS = 7;

const deliveryDate = (days: number) => shopDate(addBusinessDays(new Date(), days));

interface Props {
  order: Order;
  saving: boolean;
  onSubmit(body: TrackingBody): void;
}

/** Tracking number, carrier, estimated delivery (quick picks in business days) and notes for one order. */
export function TrackingForm({ order, saving, onSubmit }: Props) {
  const [trackingNumber, setTrackingNumber] = useState(order.tracking?.trackingNumber ?? '');
  const [carrier, setCarrier] = useState<string>(order.tracking?.carrier ?? 'Blue Dart');
  // The day already promised (the tracking's, else the shipping zone's at checkout), so saving tracking without
  // touching the date keeps the promise the customer was given.
  const [estimatedDelivery, setEstimatedDelivery] = useState(shopDate(new Date(order.tracking?.estimatedDelivery ?? order.estimatedDelivery)));
  const [notes, setNotes] = useState(order.tracking?.notes ?? '');
  const [error, setError] = useState<string | null>(null);

  return (
    <form
      className="space-y-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!trackingNumber.trim()) return setError('Tracking number is required');
        setError(null);
        onSubmit({ trackingNumber: trackingNumber.trim(), carrier: carrier as TrackingBody['carrier'], estimatedDelivery: estimatedDelivery || undefined, notes: notes.trim() || undefined });
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Tracking number" error={error ?? undefined} value={trackingNumber} maxLength={64} onChange={(event) => setTrackingNumber(event.target.value)} />
        <SelectField label="Carrier" value={carrier} onChange={(event) => setCarrier(event.target.value)}>
          {CARRIERS.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </SelectField>
      </div>
      <fieldset>
        <legend className="text-sm">Estimated delivery</legend>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          {DELIVERY_QUICK_PICKS.map((days) => {
            const date = deliveryDate(days);
            return (
              <button
                key={days}
                type="button"
                aria-pressed={estimatedDelivery === date}
                aria-label={`${days} business days${days === DEFAULT_DELIVERY_DAYS ? ' (standard)' : ''}`}
                className={`rounded-full border px-3 py-1 text-xs ${estimatedDelivery === date ? 'border-gold bg-gold/20 text-gold-bright' : 'border-shadow text-ash hover:text-mist'}`}
                onClick={() => setEstimatedDelivery(date)}
              >
                {days} days{days === DEFAULT_DELIVERY_DAYS ? ' ★' : ''}
              </button>
            );
          })}
          <TextField label="Estimated delivery date" labelClassName="sr-only" fieldClassName="min-w-40 flex-1" type="date" value={estimatedDelivery} onChange={(event) => setEstimatedDelivery(event.target.value)} />
        </div>
        <p className="mt-1 text-xs text-ash">Starts at the day promised to the customer; quick picks count business days from today, weekends skipped.</p>
      </fieldset>
      <TextAreaField label="Notes" rows={2} maxLength={500} value={notes} onChange={(event) => setNotes(event.target.value)} />
      <button type="submit" className="btn-gold w-full sm:w-auto" disabled={saving}>
        {saving ? 'Saving...' : order.tracking ? 'Update Tracking' : 'Add Tracking'}
      </button>
    </form>
  );
}
