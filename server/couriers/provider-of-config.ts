import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { databaseSessionStore } from './courier-sessions.ts';
import { ManualShippingProvider } from './manual-provider.ts';
import type { ShippingProvider } from './shipping-provider.ts';
import { ShiprocketProvider } from './shiprocket-provider.ts';

/** Shiprocket when its API user is configured; otherwise parcels are booked by hand. */
export function shippingProviderOf(config: Config, db: Database, clock: () => Date = () => new Date()): ShippingProvider {
  const shiprocket = config.shipping.shiprocket;
  if (!shiprocket) return new ManualShippingProvider();
  return new ShiprocketProvider({ ...shiprocket, sessions: databaseSessionStore(db, 'shiprocket', clock), clock });
}
