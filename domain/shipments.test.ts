import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './orders.ts';
import {
  applyReports,
  cancellable,
  labelPrintable,
  moveShipment,
  orderStatusFromShipments,
  overShipped,
  packageOf,
  SHIPMENT_STATUSES,
  shipmentsVerdict,
  type ParcelTrack,
  type ShipmentStatus,
} from './shipments.ts';

const status = fc.constantFrom(...SHIPMENT_STATUSES);
/** The courier's happy path, in order: each step is a forward move. */
const FORWARD: ShipmentStatus[] = ['created', 'awb-assigned', 'pickup-scheduled', 'picked-up', 'in-transit', 'out-for-delivery', 'delivered'];

/** Applies every report the table takes, ignoring the ones it refuses, as the server does. */
function follow(start: ShipmentStatus, reports: readonly ShipmentStatus[]): ShipmentStatus[] {
  const visited = [start];
  for (const report of reports) {
    const move = moveShipment(visited.at(-1)!, report);
    if (move.ok) visited.push(move.to);
  }
  return visited;
}

describe('the shipment state machine', () => {
  it('takes the courier happy path from created to delivered, and skipped scans', () => {
    expect(follow('created', FORWARD.slice(1))).toEqual(FORWARD);
    expect(moveShipment('picked-up', 'delivered')).toEqual({ ok: true, to: 'delivered' });
  });

  it('failed delivery: re-attempted and delivered, or returned to origin', () => {
    expect(follow('out-for-delivery', ['undelivered', 'undelivered', 'out-for-delivery', 'delivered']).at(-1)).toBe('delivered');
    expect(follow('out-for-delivery', ['undelivered', 'rto-initiated', 'delivered', 'rto-delivered']).at(-1)).toBe('rto-delivered');
  });

  it('delivered, returned and cancelled shipments never move again, whatever is reported', () => {
    fc.assert(
      fc.property(fc.constantFrom<ShipmentStatus>('delivered', 'rto-delivered', 'cancelled'), fc.array(status), (end, reports) => {
        expect(follow(end, reports)).toEqual([end]);
      }),
    );
  });

  it('a report older than the current step never moves a shipment back along the forward path (a failed attempt goes back to the hub at most)', () => {
    fc.assert(
      fc.property(fc.array(status, { maxLength: 30 }), (reports) => {
        let floor = 0;
        for (const step of follow('created', reports)) {
          // After a failed attempt the parcel waits at the destination hub: in transit again is its lowest step.
          if (step === 'undelivered') {
            floor = FORWARD.indexOf('in-transit');
            continue;
          }
          const position = FORWARD.indexOf(step);
          if (position < 0) continue;
          expect(position).toBeGreaterThanOrEqual(floor);
          floor = position;
        }
      }),
    );
  });

  it('once a return to origin starts the parcel only ends returned; after pickup it can no longer be cancelled', () => {
    fc.assert(
      fc.property(fc.array(status, { maxLength: 30 }), (reports) => {
        const visited = follow('created', reports);
        const rto = visited.indexOf('rto-initiated');
        if (rto >= 0) expect(visited.slice(rto + 1).every((step) => step === 'rto-delivered')).toBe(true);
        const picked = visited.findIndex((step) => ['picked-up', 'in-transit', 'out-for-delivery', 'undelivered', 'delivered'].includes(step));
        if (picked >= 0) expect(visited.slice(picked)).not.toContain('cancelled');
      }),
    );
  });

  it('says why a move is refused', () => {
    expect(moveShipment('in-transit', 'in-transit')).toEqual({ ok: false, reason: 'unchanged' });
    expect(moveShipment('out-for-delivery', 'in-transit')).toEqual({ ok: false, reason: 'backwards' });
    expect(moveShipment('delivered', 'in-transit')).toEqual({ ok: false, reason: 'finished' });
  });

  it('a shipment can be cancelled and its label printed only before the courier picks it up', () => {
    expect(SHIPMENT_STATUSES.filter(cancellable)).toEqual(['created', 'awb-assigned', 'pickup-scheduled']);
    expect(SHIPMENT_STATUSES.filter(labelPrintable)).toEqual(['awb-assigned', 'pickup-scheduled']);
  });
});

describe("the order's status from its shipments", () => {
  it('the slowest live parcel sets the pace; cancelled parcels do not count', () => {
    expect(shipmentsVerdict([])).toEqual({ kind: 'none' });
    expect(shipmentsVerdict(['cancelled'])).toEqual({ kind: 'none' });
    expect(shipmentsVerdict(['created', 'cancelled'])).toEqual({ kind: 'status', status: 'processing' });
    expect(shipmentsVerdict(['awb-assigned', 'in-transit'])).toEqual({ kind: 'status', status: 'shipped' });
    expect(shipmentsVerdict(['delivered', 'out-for-delivery'])).toEqual({ kind: 'status', status: 'out-for-delivery' });
    expect(shipmentsVerdict(['delivered', 'cancelled', 'delivered'])).toEqual({ kind: 'status', status: 'delivered' });
    expect(shipmentsVerdict(['rto-delivered', 'cancelled'])).toEqual({ kind: 'returned-to-origin' });
    expect(shipmentsVerdict(['rto-delivered', 'delivered'])).toEqual({ kind: 'status', status: 'delivered' });
  });

  it('an order is delivered exactly when every live shipment is delivered (or came back while another arrived)', () => {
    fc.assert(
      fc.property(fc.array(status, { minLength: 1, maxLength: 5 }), (statuses) => {
        const verdict = shipmentsVerdict(statuses);
        const live = statuses.filter((entry) => entry !== 'cancelled' && entry !== 'rto-delivered');
        const delivered = live.length > 0 && live.every((entry) => entry === 'delivered');
        expect(verdict.kind === 'status' && verdict.status === 'delivered').toBe(delivered);
      }),
    );
  });

  it('never walks an order back, and leaves a cancelled order alone', () => {
    const progress = ['pending', 'processing', 'shipped', 'out-for-delivery', 'delivered'];
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATUSES), fc.array(status, { maxLength: 5 }), (current, statuses) => {
        const next = orderStatusFromShipments(current, shipmentsVerdict(statuses));
        if (current === 'cancelled') expect(next).toBeNull();
        if (next?.kind === 'status') expect(progress.indexOf(next.status)).toBeGreaterThan(progress.indexOf(current));
      }),
    );
  });
});

describe('packing', () => {
  it('weighs bottles by their perfume and picks the box by volume', () => {
    expect(packageOf([{ netQuantityMl: 30, quantity: 1 }])).toEqual({ weightGrams: 246, lengthCm: 15, breadthCm: 10, heightCm: 8 });
    expect(packageOf([{ netQuantityMl: 50, quantity: 2 }, { netQuantityMl: 10, quantity: 1 }])).toEqual({ weightGrams: 542, lengthCm: 20, breadthCm: 15, heightCm: 10 });
    expect(packageOf([{ netQuantityMl: 100, quantity: 3 }]).lengthCm).toBe(30);
  });

  it('refuses to ship the same units twice, and allows the rest of a line', () => {
    const ordered = new Map([
      [1, 2],
      [2, 1],
    ]);
    expect(overShipped(ordered, [{ orderItemId: 1, quantity: 1 }], [{ orderItemId: 1, quantity: 1 }])).toEqual([]);
    expect(overShipped(ordered, [{ orderItemId: 1, quantity: 2 }], [{ orderItemId: 1, quantity: 1 }, { orderItemId: 2, quantity: 1 }])).toEqual([{ orderItemId: 1, quantity: 1 }]);
    expect(overShipped(ordered, [], [{ orderItemId: 3, quantity: 1 }])).toEqual([{ orderItemId: 3, quantity: 1 }]);
  });
});

describe('applying reports to a parcel', () => {
  const booked: ParcelTrack = { status: 'awb-assigned', lastCourierEventAt: null, ndrReason: null, ndrAttempts: 0, ndrAction: null };
  const at = (day: number, hour: number) => new Date(Date.UTC(2026, 10, day, hour));
  const report = (status: ShipmentStatus | null, time: Date, activity = '') => ({ status, activity, at: time });

  it('applies reports in the order they happened, whatever order they came in', () => {
    const applied = applyReports(booked, [report('delivered', at(26, 9)), report('picked-up', at(24, 6)), report('out-for-delivery', at(26, 3))], true);
    expect(applied).toMatchObject({ moved: true, track: { status: 'delivered', lastCourierEventAt: at(26, 9) } });
  });

  it("a courier report older than the latest applied moves nothing; the shop's own steps are not ordered by the courier's clock", () => {
    const late = applyReports({ ...booked, status: 'out-for-delivery', lastCourierEventAt: at(26, 3) }, [report('in-transit', at(25, 3))], true);
    expect(late).toEqual({ moved: false, track: { ...booked, status: 'out-for-delivery', lastCourierEventAt: at(26, 3) }, failedAttempts: [] });
    const step = applyReports({ ...booked, lastCourierEventAt: at(26, 3) }, [report('pickup-scheduled', at(25, 3))], false);
    expect(step.track.status).toBe('pickup-scheduled');
  });

  it('counts each failed attempt with its reason, and delivery clears the reason', () => {
    const applied = applyReports(
      { ...booked, status: 'out-for-delivery' },
      [report('undelivered', at(25, 12), 'Door locked'), report('undelivered', at(26, 12)), report(null, at(26, 13), 'Shipment delayed')],
      true,
    );
    expect(applied.failedAttempts.map((attempt) => [attempt.ndrAttempts, attempt.ndrReason])).toEqual([
      [1, 'Door locked'],
      [2, 'The courier could not deliver'],
    ]);
    expect(applied.track).toMatchObject({ status: 'undelivered', ndrAttempts: 2, lastCourierEventAt: at(26, 12) });
    expect(applyReports(applied.track, [report('delivered', at(27, 12))], true).track).toMatchObject({ status: 'delivered', ndrReason: null, ndrAttempts: 2 });
  });

  it('never moves a parcel backwards, whatever reports come in whatever order', () => {
    const rank = (value: ShipmentStatus) => FORWARD.indexOf(value);
    fc.assert(
      fc.property(fc.array(fc.record({ status: fc.constantFrom(...FORWARD.slice(2)), hour: fc.integer({ min: 0, max: 200 }) }), { maxLength: 12 }), (reports) => {
        const applied = applyReports(booked, reports.map(({ status: next, hour }) => report(next, new Date(Date.UTC(2026, 10, 24) + hour * 3_600_000))), true);
        const latest = [...reports].sort((a, b) => a.hour - b.hour).at(-1);
        // The parcel stands at least where the latest report put it (a skipped scan is allowed, a step back is not).
        if (latest) expect(rank(applied.track.status)).toBeGreaterThanOrEqual(rank(latest.status));
        else expect(applied.track.status).toBe('awb-assigned');
      }),
    );
  });
});
