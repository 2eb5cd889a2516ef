import { BASIS_POINTS_PER_PERCENT } from '../../../domain/coupons.ts';
import type { AppliedCoupon } from '../../../domain/cart.ts';
import { rupeesToPaise } from '../../../domain/money.ts';
import type { AppliedCouponDto, Festival } from '../../../contracts/festivals.ts';

/** The API speaks percents and rupees; the cart's rules work in basis points and paise. */
export function couponTermsOf(dto: Pick<AppliedCouponDto, 'couponType' | 'discountPercentage' | 'maxDiscountAmount' | 'minimumOrderAmount'>) {
  return {
    type: dto.couponType,
    value: dto.couponType === 'percentage' ? Math.round(dto.discountPercentage * BASIS_POINTS_PER_PERCENT) : rupeesToPaise(dto.discountPercentage),
    maxDiscountPaise: dto.maxDiscountAmount == null ? null : rupeesToPaise(dto.maxDiscountAmount),
    minimumOrderPaise: rupeesToPaise(dto.minimumOrderAmount),
  };
}

export function appliedCouponOf(dto: AppliedCouponDto): AppliedCoupon {
  return { code: dto.code, name: dto.name, ...couponTermsOf(dto) };
}

/** '15% off' or '₹300 off', with the cap when there is one. */
export function couponOffer(festival: Pick<Festival, 'couponType' | 'discountPercentage' | 'maxDiscountAmount'>, formatRupees: (rupees: number) => string): string {
  if (festival.couponType === 'fixed') return `${formatRupees(festival.discountPercentage)} off`;
  const cap = festival.maxDiscountAmount == null ? '' : ` (up to ${formatRupees(festival.maxDiscountAmount)})`;
  return `${festival.discountPercentage}% off${cap}`;
}
