import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { courierServiceability } from '../../db/schema/index.ts';
import type { Serviceability, ShippingProvider } from '../../couriers/shipping-provider.ts';

/** A courier's answer for a PIN is good for a day: routes and COD limits change rarely. */
const KEPT_MS = 24 * 60 * 60 * 1000;
/** The PIN box and checkout wait this long for the courier, then promise by the shop's own zones. */
export const COURIER_ANSWER_WAIT_MS = 800;

type Reader = Pick<Database, 'select'>;

/**
 * The courier's word on a delivery PIN code (days to deliver, cash on delivery), kept in the database for a day so
 * every process shares one answer per PIN. A courier that does not answer within 800 ms is not waited for: the
 * caller falls back to the zones, and the answer, when it comes, is kept for the next asker.
 */
export class CourierPromise {
  constructor(
    private readonly db: Database,
    private readonly provider: Pick<ShippingProvider, 'serviceability'>,
    private readonly clock: () => Date,
    private readonly waitMs = COURIER_ANSWER_WAIT_MS,
  ) {}

  /**
   * The kept or fresh answer, or null to fall back. Reads through `reader` (an order's own transaction when it asks);
   * a fresh answer is written through the pool once it arrives, never inside the caller's transaction.
   */
  async lookup(pincode: string, reader: Reader = this.db): Promise<Serviceability | null> {
    const now = this.clock();
    const [kept] = await reader.select().from(courierServiceability).where(eq(courierServiceability.pincode, pincode));
    if (kept && now.getTime() - kept.fetchedAt.getTime() < KEPT_MS) {
      return { serviceable: kept.serviceable === 1, deliveryDays: kept.deliveryDays, codAvailable: kept.codAvailable === 1 };
    }
    const asked = this.provider.serviceability(pincode, true).then(
      (answer) => {
        void this.keep(pincode, answer, now);
        return answer;
      },
      () => null,
    );
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), this.waitMs);
    });
    try {
      return await Promise.race([asked, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async keep(pincode: string, answer: Serviceability, at: Date): Promise<void> {
    const values = { pincode, serviceable: answer.serviceable ? 1 : 0, deliveryDays: answer.deliveryDays, codAvailable: answer.codAvailable ? 1 : 0, fetchedAt: at };
    try {
      await this.db.insert(courierServiceability).values(values).onConflictDoUpdate({ target: courierServiceability.pincode, set: values });
    } catch {
      // A lost write costs one more question to the courier for this PIN; the promise already stood.
    }
  }
}
