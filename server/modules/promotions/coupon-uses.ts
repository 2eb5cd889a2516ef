import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { festivals } from '../../db/schema/index.ts';

/** The festivals module's count of a coupon's uses, as checkouts and orders move it. */
type Executor = Pick<Database, 'update'>;

/** Counts one use of a festival coupon, only while it is under its limit; false when the limit is reached. */
export async function countCouponUse(tx: Executor, festivalId: number): Promise<boolean> {
  const used = await tx
    .update(festivals)
    .set({ usedCount: sql`${festivals.usedCount} + 1` })
    .where(and(eq(festivals.id, festivalId), sql`(${festivals.usageLimit} is null or ${festivals.usedCount} < ${festivals.usageLimit})`))
    .returning({ id: festivals.id });
  return used.length > 0;
}

/** Gives back a use that was counted and never spent. */
export async function uncountCouponUse(tx: Executor, festivalId: number): Promise<void> {
  await tx
    .update(festivals)
    .set({ usedCount: sql`greatest(${festivals.usedCount} - 1, 0)` })
    .where(eq(festivals.id, festivalId));
}
