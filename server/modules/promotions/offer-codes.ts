import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { festivals, promotions } from '../../db/schema/index.ts';

type Reader = Pick<Database, 'select' | 'execute'>;

/**
 * Festival coupons and promotions share one space of codes: a shopper types a code into one box without knowing
 * which kind it is, so a code may belong to one of them only. Each table keeps its own codes unique; across the
 * two, a write takes a transaction lock on the code, so two admins saving the same code at once are serialised
 * and the second is refused. Returns true when the other kind already holds the code.
 */
export async function codeHeldByOtherKind(tx: Reader, code: string | null | undefined, kind: 'festival' | 'promotion'): Promise<boolean> {
  if (!code) return false;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`offer-code:${code}`}))`);
  const [held] =
    kind === 'festival'
      ? await tx.select({ id: promotions.id }).from(promotions).where(eq(promotions.code, code)).limit(1)
      : await tx.select({ id: festivals.id }).from(festivals).where(eq(festivals.festivalCode, code)).limit(1);
  return held !== undefined;
}

export const CODE_HELD_BY_FESTIVAL = 'is already a festival coupon code';
export const CODE_HELD_BY_PROMOTION = 'is already a promotion code';
