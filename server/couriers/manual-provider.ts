import { CourierError, type Booking, type ShippingProvider } from './shipping-provider.ts';

/**
 * The shop's own courier account, handled by hand: the admin books the parcel on the courier's site, types its
 * courier and tracking number, and moves it along from the shipment's page. Nothing is asked of any API.
 */
export class ManualShippingProvider implements ShippingProvider {
  readonly name = 'manual' as const;

  async book(_parcel: unknown, sofar: Booking): Promise<Booking> {
    if (!sofar.awb) throw new CourierError('A shipment sent by hand needs its courier and tracking number', false);
    return sofar;
  }

  async schedulePickup(): Promise<string | null> {
    return null;
  }

  labels(): Promise<never> {
    return Promise.reject(new CourierError("A parcel sent by hand has no courier label: the shop prints its own", false));
  }

  manifest(): Promise<never> {
    return Promise.reject(new CourierError("A parcel sent by hand has no courier manifest: the shop prints its own", false));
  }

  async track(): Promise<[]> {
    return [];
  }

  async cancel(): Promise<void> {}

  async ndrAction(): Promise<void> {}

  serviceability(): Promise<never> {
    return Promise.reject(new CourierError('No courier API to ask', false));
  }
}
