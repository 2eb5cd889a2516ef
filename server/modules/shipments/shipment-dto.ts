import type { Shipment } from '../../../contracts/shipments.ts';
import { SHIPMENT_STATUS_NAMES } from '../../../domain/shipments.ts';
import type { orderItems, shipmentEvents } from '../../db/schema/index.ts';
import type { ShipmentRow } from './shipment-progress.ts';

type EventRow = typeof shipmentEvents.$inferSelect;
type ItemRow = Pick<typeof orderItems.$inferSelect, 'id' | 'name' | 'size'>;

/** A shipment as the back office and its customer read it: its lines named, its timeline oldest first. */
export function toShipmentDto(row: ShipmentRow, orderNumber: string, items: readonly ItemRow[], events: readonly EventRow[]): Shipment {
  const byId = new Map(items.map((item) => [item.id, item]));
  return {
    id: row.id,
    orderId: row.orderId,
    orderNumber,
    provider: row.provider,
    status: row.status,
    statusName: SHIPMENT_STATUS_NAMES[row.status],
    lines: row.lines.map((line) => ({ orderItemId: line.orderItemId, quantity: line.quantity, name: byId.get(line.orderItemId)?.name ?? 'Potion', size: byId.get(line.orderItemId)?.size ?? '' })),
    weightGrams: row.weightGrams,
    dimensionsCm: { length: row.lengthCm, breadth: row.breadthCm, height: row.heightCm },
    reference: row.reference,
    courierName: row.courierName,
    awb: row.awb,
    trackingUrl: row.trackingUrl,
    labelUrl: row.labelUrl,
    pickupScheduledFor: row.pickupScheduledFor,
    booking: row.bookingState,
    bookingError: row.bookingError,
    ndr: row.status === 'undelivered' && row.ndrReason ? { reason: row.ndrReason, attempts: row.ndrAttempts, action: row.ndrAction } : null,
    events: [...events]
      .sort((a, b) => a.eventAt.getTime() - b.eventAt.getTime() || a.id - b.id)
      .map((event) => ({
        status: event.status,
        title: event.status ? SHIPMENT_STATUS_NAMES[event.status] : event.activity || event.courierStatus,
        activity: event.activity,
        location: event.location,
        at: event.eventAt.toISOString(),
        source: event.source,
      })),
    createdAt: row.createdAt.toISOString(),
  };
}
