import { BASIS_POINTS_PER_PERCENT, type CouponState } from '../../../domain/coupons.ts';
import { paiseToRupees } from '../../../domain/money.ts';
import type { Festival } from '../../../contracts/festivals.ts';
import type { festivals } from '../../db/schema/index.ts';

export type FestivalRow = typeof festivals.$inferSelect;

/** Percent for a percentage coupon, rupees for a fixed one: the spec's single `discountPercentage` field. */
export function discountValueForApi(row: Pick<FestivalRow, 'couponType' | 'discountValue'>): number {
  return row.couponType === 'percentage' ? row.discountValue / BASIS_POINTS_PER_PERCENT : paiseToRupees(row.discountValue);
}

export function toFestivalDto(row: FestivalRow): Festival {
  return {
    _id: String(row.id),
    id: row.id,
    name: row.name,
    description: row.description,
    festivalCode: row.festivalCode,
    couponType: row.couponType,
    discountPercentage: discountValueForApi(row),
    maxDiscountAmount: row.maxDiscountPaise == null ? null : paiseToRupees(row.maxDiscountPaise),
    minimumOrderAmount: paiseToRupees(row.minimumOrderPaise),
    usageLimit: row.usageLimit,
    usedCount: row.usedCount,
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

export function couponStateOf(row: FestivalRow): CouponState {
  return {
    type: row.couponType,
    value: row.discountValue,
    maxDiscountPaise: row.maxDiscountPaise,
    minimumOrderPaise: row.minimumOrderPaise,
    isActive: row.isActive,
    startsAt: row.startDate,
    endsAt: row.endDate,
    usageLimit: row.usageLimit,
    usedCount: row.usedCount,
  };
}
