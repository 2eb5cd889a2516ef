import { eq } from 'drizzle-orm';
import type { Database } from '../../server/db/client.ts';
import { festivals, promotions } from '../../server/db/schema/index.ts';

export { insertFestivalWithCoupon } from '../../server/modules/promotions/festival-inserts.ts';

/** The promotion underneath a festival's coupon (decision 78), by its code: its uses are counted there. */
export async function festivalCouponByCode(db: Database, code: string) {
  const [row] = await db.select().from(promotions).where(eq(promotions.code, code));
  return row;
}

/** Switches a festival on or off as its screen does: the banner, and the coupon's promotion with it. */
export async function switchFestival(db: Database, festivalId: number, isActive: boolean): Promise<void> {
  await db.update(festivals).set({ isActive }).where(eq(festivals.id, festivalId));
  await db.update(promotions).set({ paused: !isActive }).where(eq(promotions.festivalId, festivalId));
}
