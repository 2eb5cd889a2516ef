/**
 * Coupon amounts and texts. Whether a code applies (dates, switch, caps, minimum) is the promotions engine's
 * (domain/promotions, decision 0078); these are the sums and words it shares with the cart. Amounts are integer paise; a percentage is carried in basis points (1 500 = 15 %) so
 * that no rule ever multiplies money by a float that cannot be represented exactly.
 */
import { formatShopDate } from './shop-clock.ts';

export type CouponType = 'percentage' | 'fixed';

export interface CouponTerms {
  type: CouponType;
  /** Basis points for a percentage coupon, paise for a fixed one. */
  value: number;
  maxDiscountPaise?: number | null;
  minimumOrderPaise?: number | null;
}

export const BASIS_POINTS_PER_PERCENT = 100;

/**
 * The discount for a subtotal: a percentage of it (rounded to the paisa, capped at the maximum discount) or the
 * fixed amount; never negative and never more than the subtotal.
 */
export function discountPaise(terms: CouponTerms, subtotalPaise: number): number {
  if (subtotalPaise <= 0 || terms.value <= 0) return 0;
  let discount =
    terms.type === 'percentage' ? Math.round((subtotalPaise * terms.value) / (100 * BASIS_POINTS_PER_PERCENT)) : terms.value;
  if (terms.type === 'percentage' && terms.maxDiscountPaise != null && terms.maxDiscountPaise >= 0) {
    discount = Math.min(discount, terms.maxDiscountPaise);
  }
  return Math.max(0, Math.min(discount, subtotalPaise));
}

/** How much more the shopper must add before the coupon applies (0 when it already does). */
export function shortfallPaise(terms: Pick<CouponTerms, 'minimumOrderPaise'>, subtotalPaise: number): number {
  return Math.max(0, (terms.minimumOrderPaise ?? 0) - subtotalPaise);
}

export type CouponRefusal =
  | { reason: 'inactive' }
  | { reason: 'not-started'; startsAt: Date }
  | { reason: 'expired' }
  | { reason: 'below-minimum'; shortfallPaise: number }
  | { reason: 'used-up' };

export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Whether a festival is live (shown in the banner and its coupon offered) at `now`. */
export function isFestivalLive(festival: { isActive: boolean; startsAt: Date; endsAt: Date }, now: Date): boolean {
  return festival.isActive && festival.startsAt <= now && now <= festival.endsAt;
}

/** What the shopper is told when a coupon is refused. */
export function refusalMessage(refusal: CouponRefusal, formatPaise: (paise: number) => string): string {
  switch (refusal.reason) {
    case 'inactive':
      return 'This coupon is no longer active';
    case 'not-started':
      return `This coupon opens on ${formatShopDate(refusal.startsAt, 'longDay')}`;
    case 'expired':
      return 'This coupon has expired';
    case 'used-up':
      return 'This coupon has reached its usage limit';
    case 'below-minimum':
      return `Add ${formatPaise(refusal.shortfallPaise)} more to use this coupon`;
  }
}

export const UNKNOWN_COUPON_MESSAGE = 'Invalid coupon code';

/** How a coupon reads on every bill, as the spec's cart summary names it: 'Discount (DIWALI20)'. */
export function couponLabel(code: string): string {
  return `Discount (${code})`;
}
