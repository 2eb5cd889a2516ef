import type { Database } from '../../db/client.ts';
import type { TrackingEvent } from '../../couriers/shipping-provider.ts';
import type { ParcelReports, ShipmentProgress } from './shipment-progress.ts';

/** What became of one courier report: applied, seen before, or about a parcel the shop does not know. */
export type TrackingOutcome = 'processed' | 'duplicate' | 'unknown-awb';

interface Waiting {
  awb: string;
  report: TrackingEvent;
  settle: (outcome: TrackingOutcome) => void;
  fail: (error: unknown) => void;
}

/**
 * The courier's tracking reports, applied many to a transaction. Each request waits for its own report to be
 * applied and committed before it is answered, so a 200 always means the order has moved (and a process that dies
 * before the commit has answered nothing: the courier sends the report again). Reports that arrive while a batch is
 * being written wait for the next one, up to `size` together: under load one transaction, and one statement per
 * kind of write, serves them all; alone, a report is applied at once.
 *
 * A batch that fails (a refusal the lifecycle did not expect, a deadlock PostgreSQL broke) is rolled back whole and
 * each of its reports is then applied alone, so one bad report answers its own error and holds back no other.
 */
export class TrackingBatches {
  private waiting: Waiting[] = [];
  private running = false;

  constructor(
    private readonly db: Database,
    private readonly progress: ShipmentProgress,
    private readonly size: number,
  ) {}

  apply(awb: string, report: TrackingEvent): Promise<TrackingOutcome> {
    return new Promise((settle, fail) => {
      this.waiting.push({ awb, report, settle, fail });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.waiting.length) await this.settle(this.waiting.splice(0, this.size));
    } finally {
      this.running = false;
    }
  }

  private async settle(batch: Waiting[]): Promise<void> {
    try {
      const outcomes = await this.applyTogether(batch);
      batch.forEach((waiting, index) => waiting.settle(outcomes[index]!));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.fail(error);
      // One report the batch could not take must not hold back the others: each is applied again, alone.
      for (const waiting of batch) {
        await this.applyTogether([waiting]).then(([outcome]) => waiting.settle(outcome!), waiting.fail);
      }
    }
  }

  /**
   * One transaction: the parcels' orders and then all their parcels locked (each in id order, as every writer takes
   * them), the reports recorded and applied through ShipmentProgress, every parcel's in the courier's time order.
   */
  private applyTogether(batch: readonly Pick<Waiting, 'awb' | 'report'>[]): Promise<TrackingOutcome[]> {
    return this.db.transaction(async (tx) => {
      const locked = await this.progress.lockByAwb(tx, batch.map((item) => item.awb));
      const byAwb = new Map(locked.shipments.map((shipment) => [shipment.awb, shipment]));
      const orderOf = new Map(locked.orders.map((order) => [order.id, order]));
      const parcels = new Map<number, ParcelReports & { reports: TrackingEvent[] }>();
      for (const { awb, report } of batch) {
        const shipment = byAwb.get(awb);
        const order = shipment && orderOf.get(shipment.orderId);
        if (!shipment || !order) continue;
        const parcel = parcels.get(shipment.id) ?? { order, shipment, reports: [], siblings: locked.shipments.filter((row) => row.orderId === order.id) };
        parcel.reports.push(report);
        parcels.set(shipment.id, parcel);
      }
      const recorded: { fresh: ReadonlySet<TrackingEvent> }[] = await this.progress.recordAll(tx, [...parcels.values()], 'webhook');
      const fresh = new Set(recorded.flatMap((parcel) => [...parcel.fresh]));
      return batch.map(({ awb, report }) => (!byAwb.has(awb) ? 'unknown-awb' : fresh.has(report) ? 'processed' : 'duplicate'));
    });
  }
}
