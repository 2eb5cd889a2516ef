import type { ShipmentStatus } from '../../domain/shipments.ts';

/**
 * Shiprocket's shipment status codes (the `shipment_status_id` / `current_status_id` of its tracking webhook, the
 * `sr-status` of each scan and `tracking_data.shipment_status` of courier/track/awb, as its API documentation's
 * "Shipment Status Codes" table lists them) in the shop's shipment states. Codes that name no state of ours
 * (label or manifest generated, out for pickup, pickup exception, delayed, lost…) are kept in the timeline and
 * move nothing; 'Lost' is for an admin to settle with the courier.
 */
const STATUS_CODES: Record<number, ShipmentStatus | null> = {
  1: 'awb-assigned',
  2: null, // Label generated
  3: 'pickup-scheduled', // Pickup scheduled / generated
  4: 'pickup-scheduled', // Pickup queued
  5: null, // Manifest generated
  6: 'in-transit', // Shipped
  7: 'delivered',
  8: 'cancelled',
  9: 'rto-initiated',
  10: 'rto-delivered',
  12: null, // Lost
  13: null, // Pickup error
  14: 'rto-delivered', // RTO acknowledged: the shop has the parcel back
  15: 'pickup-scheduled', // Pickup rescheduled
  16: null, // Cancellation requested
  17: 'out-for-delivery',
  18: 'in-transit',
  19: null, // Out for pickup
  20: null, // Pickup exception
  21: 'undelivered',
  22: null, // Delayed
  38: 'in-transit', // Reached destination hub
  42: 'picked-up',
};

/** The shop's state for a Shiprocket status code: undefined for a code the table does not know at all. */
export function shipmentStatusOfCode(code: number): ShipmentStatus | null | undefined {
  return Object.hasOwn(STATUS_CODES, code) ? STATUS_CODES[code] : undefined;
}

/**
 * Shiprocket's times are India's wall-clock times without a zone: the webhook's `current_timestamp` as
 * 'DD MM YYYY HH:mm:ss', the scans' `date` as 'YYYY-MM-DD HH:mm:ss'. Null for anything else.
 */
export function shiprocketTime(text: string): Date | null {
  const dayFirst = /^(\d{2}) (\d{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  const yearFirst = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  let parts: string[];
  if (dayFirst) parts = [dayFirst[3]!, dayFirst[2]!, dayFirst[1]!, dayFirst[4]!, dayFirst[5]!, dayFirst[6]!];
  else if (yearFirst) parts = [yearFirst[1]!, yearFirst[2]!, yearFirst[3]!, yearFirst[4]!, yearFirst[5]!, yearFirst[6] ?? '00'];
  else return null;
  const [year, month, day, hour, minute, second] = parts;
  return checked(new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}+05:30`), year!, month!, day!);
}

/** Refuses dates that do not exist (31 April): JavaScript would roll them into the next month. */
function checked(at: Date, year: string, month: string, day: string): Date | null {
  if (Number.isNaN(at.getTime())) return null;
  const local = new Date(at.getTime() + 330 * 60_000);
  return local.getUTCFullYear() === Number(year) && local.getUTCMonth() + 1 === Number(month) && local.getUTCDate() === Number(day) ? at : null;
}
