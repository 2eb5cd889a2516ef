import { eq } from 'drizzle-orm';
import { BASIS_POINTS_PER_PERCENT, discountPaise, UNKNOWN_COUPON_MESSAGE } from '../../../domain/coupons.ts';
import { achievementById } from '../../../domain/achievements.ts';
import { paiseToRupees } from '../../../domain/money.ts';
import type { Database } from '../../db/client.ts';
import { personalCoupons } from '../../db/schema/index.ts';
import type { CouponCheck } from './festival-service.ts';

export const personalCouponMessages = {
  signIn: 'Please sign in to use your personal coupon',
  otherCustomer: 'This coupon belongs to another customer and can only be used by them',
  used: 'This coupon has already been used',
} as const;

/** A personal achievement code: only its owner, signed in, may use it, and only once. */
export async function checkPersonalCoupon(db: Pick<Database, 'select'>, code: string, subtotalPaise: number, userId: string | null): Promise<CouponCheck> {
  const [coupon] = await db.select().from(personalCoupons).where(eq(personalCoupons.code, code)).limit(1);
  if (!coupon) return { ok: false, status: 404, message: UNKNOWN_COUPON_MESSAGE };
  if (!userId) return { ok: false, status: 422, message: personalCouponMessages.signIn };
  if (coupon.userId !== userId) return { ok: false, status: 422, message: personalCouponMessages.otherCustomer };
  if (coupon.usedAt) return { ok: false, status: 422, message: personalCouponMessages.used };
  const discount = discountPaise({ type: 'percentage', value: coupon.percentBasisPoints }, subtotalPaise);
  const percent = coupon.percentBasisPoints / BASIS_POINTS_PER_PERCENT;
  return {
    ok: true,
    festival: null,
    personalCouponId: coupon.id,
    discountPaise: discount,
    coupon: {
      code: coupon.code,
      name: `${achievementById(coupon.achievementId)?.title ?? 'Achievement'} reward (${percent}% off)`,
      discountAmount: paiseToRupees(discount),
      discountPercentage: percent,
      couponType: 'percentage',
      minimumOrderAmount: 0,
      maxDiscountAmount: null,
    },
  };
}
