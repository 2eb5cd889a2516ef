import type { Database } from '../../db/client.ts';
import { festivals, promotions } from '../../db/schema/index.ts';
import { festivalCouponColumns, type FestivalRow } from './festival-dto.ts';
import type { PromotionRow } from './promotion-rows.ts';

/**
 * A festival with its coupon in the terms the festival form stores (paise, basis points), as the demo data gives
 * them: written as the festival and the code-based promotion underneath it (decision 78).
 */
export type FestivalWithCoupon = typeof festivals.$inferInsert & {
  festivalCode?: string | null;
  couponType?: 'percentage' | 'fixed';
  /** Basis points for a percentage coupon (1 500 = 15 %), paise for a fixed one. */
  discountValue?: number;
  maxDiscountPaise?: number | null;
  minimumOrderPaise?: number;
  usageLimit?: number | null;
  usedCount?: number;
};

export async function insertFestivalWithCoupon(db: Pick<Database, 'insert'>, value: FestivalWithCoupon): Promise<{ festival: FestivalRow; coupon: PromotionRow }> {
  const { festivalCode = null, couponType = 'percentage', discountValue = 0, maxDiscountPaise = null, minimumOrderPaise = 0, usageLimit = null, usedCount = 0, ...columns } = value;
  const [festival] = await db.insert(festivals).values(columns).returning();
  const coupon = festivalCouponColumns(festival!, { code: festivalCode, terms: { type: couponType, value: discountValue, maxDiscountPaise, minimumOrderPaise }, usageLimit });
  const [row] = await db
    .insert(promotions)
    .values({ ...coupon, usedCount })
    .returning();
  return { festival: festival!, coupon: row! };
}
