import { and, desc, eq, gte, lte } from 'drizzle-orm';
import { couponRefusal, discountPaise, normaliseCouponCode, refusalMessage, UNKNOWN_COUPON_MESSAGE } from '../../../domain/coupons.ts';
import { formatPaise, paiseToRupees } from '../../../domain/money.ts';
import type { AppliedCouponDto, Festival } from '../../../contracts/festivals.ts';
import type { Database } from '../../db/client.ts';
import { festivals } from '../../db/schema/index.ts';
import { couponStateOf, discountValueForApi, toFestivalDto, type FestivalRow } from './festival-dto.ts';

export type CouponCheck =
  | { ok: true; festival: FestivalRow; discountPaise: number; coupon: AppliedCouponDto }
  | { ok: false; status: 404 | 422; message: string };

export class FestivalService {
  constructor(private readonly db: Database) {}

  /** Live festivals (active, and now within their dates), highest priority first. */
  async active(now: Date): Promise<Festival[]> {
    const rows = await this.db
      .select()
      .from(festivals)
      .where(and(eq(festivals.isActive, true), lte(festivals.startDate, now), gte(festivals.endDate, now)))
      .orderBy(desc(festivals.priority), desc(festivals.startDate), desc(festivals.id));
    return rows.map(toFestivalDto);
  }

  /** Checks a code against a subtotal: the coupon with its discount, or the reason it cannot be used. */
  async checkCoupon(code: string, subtotalPaise: number, now: Date): Promise<CouponCheck> {
    const [row] = await this.db.select().from(festivals).where(eq(festivals.festivalCode, normaliseCouponCode(code))).limit(1);
    if (!row) return { ok: false, status: 404, message: UNKNOWN_COUPON_MESSAGE };
    const refusal = couponRefusal(couponStateOf(row), subtotalPaise, now);
    if (refusal) return { ok: false, status: 422, message: refusalMessage(refusal, formatPaise) };
    const discount = discountPaise(couponStateOf(row), subtotalPaise);
    return { ok: true, festival: row, discountPaise: discount, coupon: toAppliedCoupon(row, discount) };
  }
}

export function toAppliedCoupon(row: FestivalRow, discount: number): AppliedCouponDto {
  return {
    code: row.festivalCode ?? '',
    name: row.name,
    discountAmount: paiseToRupees(discount),
    discountPercentage: discountValueForApi(row),
    couponType: row.couponType,
    minimumOrderAmount: paiseToRupees(row.minimumOrderPaise),
    maxDiscountAmount: row.maxDiscountPaise == null ? null : paiseToRupees(row.maxDiscountPaise),
  };
}
