import type { Shipment } from '../../../contracts/shipments.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';

const at = (iso: string) => formatShopDate(iso, 'dateTime');

/** A parcel's courier steps, newest first, as its customer and the back office read them. */
export function ShipmentTimeline({ shipment }: { shipment: Shipment }) {
  const steps = [...shipment.events].reverse();
  return (
    <ol className="relative ml-2 border-l border-gold/30" aria-label={`Tracking of parcel ${shipment.awb ?? shipment.reference}`}>
      {steps.map((step, index) => (
        <li key={`${step.at}-${index}`} className="relative mb-4 ml-5 last:mb-0">
          <span aria-hidden="true" className={`absolute top-1.5 -left-[27px] h-3 w-3 rounded-full border ${index === 0 ? 'border-gold-bright bg-gold shadow-[0_0_10px_rgba(212,175,55,0.7)]' : 'border-gold/50 bg-night'}`} />
          <p className={index === 0 ? 'font-semibold text-gold-bright' : 'text-mist'}>{step.title}</p>
          {step.activity && step.activity.toLowerCase() !== step.title.toLowerCase() ? <p className="text-sm text-ash">{step.activity}</p> : null}
          <p className="text-xs text-ash">
            <time dateTime={step.at}>{at(step.at)}</time>
            {step.location ? ` · ${step.location}` : ''}
          </p>
        </li>
      ))}
    </ol>
  );
}
