import { and, desc, eq, gte, lte } from 'drizzle-orm';
import { checkPersonalCoupon } from './personal-coupon-check.ts';
import { couponRefusal, discountPaise, normaliseCouponCode, refusalMessage } from '../../../domain/coupons.ts';
import { formatPaise, paiseToRupees } from '../../../domain/money.ts';
import type { AppliedCouponDto, Festival } from '../../../contracts/festivals.ts';
import type { Database } from '../../db/client.ts';
import { festivals } from '../../db/schema/index.ts';
import { couponStateOf, discountValueForApi, toFestivalDto, type FestivalRow } from './festival-dto.ts';

/**
 * A festival code, or a customer's personal achievement code (festival null, personalCouponId set): an order
 * that uses a personal code must redeem it with redeemPersonalCoupon in its own transaction.
 */
export type CouponCheck =
  | { ok: true; festival: FestivalRow; personalCouponId?: undefined; discountPaise: number; coupon: AppliedCouponDto }
  | { ok: true; festival: null; personalCouponId: string; discountPaise: number; coupon: AppliedCouponDto }
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

  /**
   * Checks a code against a subtotal: the coupon with its discount, or the reason it cannot be used. `userId` is
   * the signed-in customer, the only one who may use their personal codes. The minimum order is read against the
   * subtotal; the discount is worked out on `discountOnPaise`, what the goods still cost after automatic offers.
   */
  async checkCoupon(code: string, subtotalPaise: number, now: Date, userId?: string | null, discountOnPaise = subtotalPaise): Promise<CouponCheck> {
    const normalised = normaliseCouponCode(code);
    const [row] = await this.db.select().from(festivals).where(eq(festivals.festivalCode, normalised)).limit(1);
    if (!row) return checkPersonalCoupon(this.db, normalised, discountOnPaise, userId ?? null);
    const refusal = couponRefusal(couponStateOf(row), subtotalPaise, now);
    if (refusal) return { ok: false, status: 422, message: refusalMessage(refusal, formatPaise) };
    const discount = discountPaise(couponStateOf(row), discountOnPaise);
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
