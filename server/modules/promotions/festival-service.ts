import { and, desc, eq, gte, isNotNull, lte } from 'drizzle-orm';
import { checkPersonalCoupon } from './personal-coupon-check.ts';
import { billOf, type Bill } from '../../../domain/bill.ts';
import { normaliseCouponCode } from '../../../domain/coupons.ts';
import { applyFestivalCoupon, festivalOfferOf } from '../../../domain/promotions/festival-coupon.ts';
import type { OfferBasket, Promotion } from '../../../domain/promotions/promotion.ts';
import { paiseToRupees } from '../../../domain/money.ts';
import type { AppliedCouponDto, Festival } from '../../../contracts/festivals.ts';
import type { Database } from '../../db/client.ts';
import { festivals, promotions } from '../../db/schema/index.ts';
import { toFestivalDto } from './festival-dto.ts';
import { promotionOf } from './promotion-rows.ts';

/**
 * A festival's code (the promotion underneath it), or a customer's personal achievement code (festival null,
 * personalCouponId set): an order that uses a personal code must redeem it with redeemPersonalCoupon in its own
 * transaction; a festival's use is taken with the checkout's promotions.
 */
export type CouponCheck =
  | { ok: true; festival: { id: number }; promotion: Promotion; personalCouponId?: undefined; discountPaise: number; coupon: AppliedCouponDto }
  | { ok: true; festival: null; promotion?: undefined; personalCouponId: string; discountPaise: number; coupon: AppliedCouponDto }
  | { ok: false; status: 404 | 422; message: string };

export class FestivalService {
  constructor(private readonly db: Database) {}

  /** Live festivals (active, and now within their dates), highest priority first. */
  async active(now: Date): Promise<Festival[]> {
    const rows = await this.db
      .select({ festival: festivals, coupon: promotions })
      .from(festivals)
      .leftJoin(promotions, eq(promotions.festivalId, festivals.id))
      .where(and(eq(festivals.isActive, true), lte(festivals.startDate, now), gte(festivals.endDate, now)))
      .orderBy(desc(festivals.priority), desc(festivals.startDate), desc(festivals.id));
    return rows.map((row) => toFestivalDto(row.festival, row.coupon));
  }

  /**
   * The festival coupon with this code, whatever its state (its refusal names why it cannot be used). Read afresh
   * each time, as the festival's row always was: a switch or a cap reached shows at once.
   */
  async couponOf(code: string): Promise<Promotion | null> {
    const [row] = await this.db
      .select()
      .from(promotions)
      .where(and(eq(promotions.code, normaliseCouponCode(code)), isNotNull(promotions.festivalId)))
      .limit(1);
    return row ? promotionOf(row) : null;
  }

  /**
   * The coupon box's check of a code against an order amount alone: a festival's coupon, priced by the promotion
   * engine on a basket of one line of that amount, or a personal code. `userId` is the signed-in customer, the only
   * one who may use their personal codes.
   */
  async checkCoupon(code: string, orderPaise: number, now: Date, userId?: string | null): Promise<CouponCheck> {
    const coupon = await this.couponOf(code);
    if (!coupon) return checkPersonalCoupon(this.db, normaliseCouponCode(code), orderPaise, userId ?? null);
    const line = { key: 'order', productId: 0, categoryId: '', size: '', quantity: 1, unitPricePaise: orderPaise };
    return festivalCouponCheck(coupon, billOf([{ key: line.key, amountPaise: orderPaise }]), { lines: [line] }, now).check;
  }
}

/** A festival's coupon on a bill (after the other promotions), as a coupon check and the bill it leaves. */
export function festivalCouponCheck(promotion: Promotion, bill: Bill, basket: OfferBasket, now: Date): { check: CouponCheck; bill: Bill } {
  const priced = applyFestivalCoupon(promotion, bill, basket, now);
  if (!priced.ok) return { check: { ok: false, status: 422, message: priced.message }, bill };
  const check: CouponCheck = { ok: true, festival: { id: promotion.festivalId! }, promotion, discountPaise: priced.discountPaise, coupon: toAppliedCoupon(promotion, priced.discountPaise) };
  return { check, bill: priced.bill };
}

/** The festival's name and coupon terms, as the cart has always held an applied coupon. */
export function toAppliedCoupon(promotion: Promotion, discount: number): AppliedCouponDto {
  return { code: promotion.code ?? '', name: promotion.name, discountAmount: paiseToRupees(discount), ...festivalOfferOf(promotion) };
}
