import type { PackageSize, ShipmentStatus } from '../../domain/shipments.ts';

export type ShippingProviderName = 'manual' | 'shiprocket';
/** Which serviceable courier a booking takes (SHIPPING_COURIER_CHOICE). */
export type CourierChoice = 'cheapest' | 'fastest';

/** A parcel as the courier books it: who receives it, what is in it (for the courier's invoice), how it is paid. */
export interface Parcel {
  /** The shop's reference, unique per shipment: sent as the courier order's id so a lost answer can be found again. */
  reference: string;
  placedAt: Date;
  customer: { name: string; email: string; phone: string };
  address: { street: string; city: string; state: string; pincode: string; country: string };
  items: { name: string; sku: string; units: number; unitPricePaise: number }[];
  /** Cash on delivery: the courier collects `collectPaise` at the door. */
  cashOnDelivery: boolean;
  collectPaise: number;
  size: PackageSize;
}

/** What a booking has reached so far; each field is kept as soon as the courier gives it. */
export interface Booking {
  providerOrderId: string | null;
  providerShipmentId: string | null;
  awb: string | null;
  courierName: string | null;
  courierId: number | null;
  trackingUrl: string | null;
}

/** One courier scan, in the shop's words where it has one. */
export interface TrackingEvent {
  /** The shipment state the scan stands for, or null when it names none of ours (label generated, delayed…). */
  status: ShipmentStatus | null;
  courierStatus: string;
  activity: string;
  location: string;
  at: Date;
}

export interface Serviceability {
  serviceable: boolean;
  deliveryDays: number | null;
  codAvailable: boolean;
}

/** A PDF the courier made: its address at the courier (kept on the shipment) and its bytes (printed now). */
export interface CourierDocument {
  url: string;
  pdf: Uint8Array;
}

export type NdrDecision = { action: 're-attempt'; preferredDate?: string; phone?: string; address?: string } | { action: 'return' };

/**
 * A courier account the shop books parcels with. Every method is one or a few requests to the courier; the
 * caller runs them in jobs, so each must be safe to run again after a timeout (`book` resumes from `sofar`).
 */
export interface ShippingProvider {
  readonly name: ShippingProviderName;
  /**
   * Creates the courier's order for the parcel (unless `sofar` has it, or the courier already holds one under the
   * parcel's reference) and assigns its AWB (unless one was assigned already). `keep` is called with each step's
   * answer before the next step is asked, so an attempt cut off half-way is resumed, never repeated.
   */
  book(parcel: Parcel, sofar: Booking, choice: CourierChoice, keep: (booking: Booking) => Promise<void>): Promise<Booking>;
  /** Asks the courier to collect these parcels; answers the pickup day it gave. */
  schedulePickup(providerShipmentIds: string[]): Promise<string | null>;
  /** The courier's 4×6 in labels for these parcels: one PDF, where the courier keeps it and its bytes. */
  labels(providerShipmentIds: string[]): Promise<CourierDocument>;
  /** The manifest the pickup agent signs for these parcels. */
  manifest(providerShipmentIds: string[]): Promise<CourierDocument>;
  /** The parcel's scans so far, oldest first. */
  track(awb: string): Promise<TrackingEvent[]>;
  cancel(providerOrderId: string): Promise<void>;
  /** Passes the customer's (or the admin's) decision on a failed delivery to the courier. */
  ndrAction(awb: string, decision: NdrDecision): Promise<void>;
  serviceability(deliveryPincode: string, cashOnDelivery: boolean): Promise<Serviceability>;
}

/** The courier refused or could not be reached: `retryable` when trying again later may succeed (5xx, timeout). */
export class CourierError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
  }
}
