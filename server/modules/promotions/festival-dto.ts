import { festivalCouponSpecs, festivalOfferOf } from '../../../domain/promotions/festival-coupon.ts';
import type { CouponTerms } from '../../../domain/coupons.ts';
import type { Festival } from '../../../contracts/festivals.ts';
import type { festivals, promotions } from '../../db/schema/index.ts';
import type { PromotionRow } from './promotion-rows.ts';

export type FestivalRow = typeof festivals.$inferSelect;

/** A festival's coupon as its form and the demo data give it: the promotion underneath is made from this. */
export interface FestivalCoupon {
  code: string | null;
  terms: CouponTerms;
  usageLimit: number | null;
}

/**
 * The promotion row of a festival's coupon (decision 78): its terms, and the festival's name, dates, priority and
 * switch, so the coupon is offered exactly while the festival is on. Combinable, since it comes after the others.
 */
export function festivalCouponColumns(
  festival: Pick<FestivalRow, 'id' | 'name' | 'priority' | 'isActive' | 'startDate' | 'endDate'>,
  coupon: FestivalCoupon,
): typeof promotions.$inferInsert {
  return {
    name: festival.name,
    code: coupon.code,
    ...festivalCouponSpecs(coupon.terms),
    combinable: true,
    priority: festival.priority,
    paused: !festival.isActive,
    startsAt: festival.startDate,
    endsAt: festival.endDate,
    usageLimit: coupon.usageLimit,
    perCustomerLimit: null,
    festivalId: festival.id,
  };
}

/** A festival as the API shows it, its coupon's terms read from the promotion underneath (none: a banner only). */
export function toFestivalDto(row: FestivalRow, coupon: PromotionRow | null): Festival {
  const offer = coupon ? festivalOfferOf(coupon) : { couponType: 'percentage' as const, discountPercentage: 0, maxDiscountAmount: null, minimumOrderAmount: 0 };
  return {
    _id: String(row.id),
    id: row.id,
    name: row.name,
    description: row.description,
    festivalCode: coupon?.code ?? null,
    ...offer,
    usageLimit: coupon?.usageLimit ?? null,
    usedCount: coupon?.usedCount ?? 0,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    priority: row.priority,
    bannerImage: row.bannerImage,
    backgroundColor: row.backgroundColor,
    textColor: row.textColor,
    ctaText: row.ctaText,
    ctaLink: row.ctaLink,
    isActive: row.isActive,
  };
}
