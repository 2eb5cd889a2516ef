import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { promotions } from '../../db/schema/index.ts';

type Reader = Pick<Database, 'select'>;

/**
 * Festival coupons and promotions share one space of codes: a shopper types a code into one box without knowing
 * which kind it is. Both are promotions (decision 78), so one unique index keeps a code to one of them; this names
 * who holds a code already (leaving out the promotion being edited), so each screen refuses it in its own words.
 */
export async function codeHolder(tx: Reader, code: string | null | undefined, except: number | null = null): Promise<'festival' | 'promotion' | null> {
  if (!code) return null;
  const [held] = await tx
    .select({ festivalId: promotions.festivalId })
    .from(promotions)
    .where(and(eq(promotions.code, code), except === null ? undefined : ne(promotions.id, except)))
    .limit(1);
  if (!held) return null;
  return held.festivalId === null ? 'promotion' : 'festival';
}

export const CODE_HELD_BY_FESTIVAL = 'is already a festival coupon code';
export const CODE_HELD_BY_PROMOTION = 'is already a promotion code';
