/**
 * A festival's coupon is a code-based promotion underneath (decision 78): its minimum order is a minimum-subtotal
 * condition and its discount a percentage (with its cap) or a fixed amount off the order. This module translates
 * the festival form's terms into that promotion and back, so the festival screen and the storefront keep their
 * words, and places the coupon on a bill. Pure.
 */
import { partsPaise, type Adjustment, type Bill } from '../bill.ts';
import { BASIS_POINTS_PER_PERCENT, couponLabel, type CouponTerms } from '../coupons.ts';
import type { FestivalOffer } from '../festival-offer.ts';
import { paiseToRupees } from '../money.ts';
import { applyActions, codeRefusalMessage, promotionApplies } from './evaluate.ts';
import type { ActionSpec, ConditionSpec, OfferBasket, OfferContext, Promotion } from './promotion.ts';

/** The promotion's conditions and actions for the festival form's terms (paise and basis points). */
export function festivalCouponSpecs(terms: CouponTerms): { conditions: ConditionSpec[]; actions: ActionSpec[] } {
  const conditions: ConditionSpec[] = terms.minimumOrderPaise ? [{ type: 'minimum-subtotal', amountPaise: terms.minimumOrderPaise }] : [];
  const action: ActionSpec =
    terms.type === 'percentage' ? { type: 'order-percent', percentBp: terms.value, maximumPaise: terms.maxDiscountPaise ?? null } : { type: 'order-fixed', amountPaise: terms.value };
  return { conditions, actions: [action] };
}

/** The festival form's terms back from its promotion. */
export function festivalCouponTerms(promotion: Pick<Promotion, 'conditions' | 'actions'>): Required<CouponTerms> {
  const minimum = promotion.conditions.find((condition) => condition.type === 'minimum-subtotal');
  const minimumOrderPaise = minimum?.type === 'minimum-subtotal' ? minimum.amountPaise : 0;
  const action = promotion.actions[0];
  if (action?.type === 'order-fixed') return { type: 'fixed', value: action.amountPaise, maxDiscountPaise: null, minimumOrderPaise };
  if (action?.type === 'order-percent') return { type: 'percentage', value: action.percentBp, maxDiscountPaise: action.maximumPaise, minimumOrderPaise };
  return { type: 'percentage', value: 0, maxDiscountPaise: null, minimumOrderPaise };
}

/** The coupon's terms as the API has always shown them: percents and rupees. */
export function festivalOfferOf(promotion: Pick<Promotion, 'conditions' | 'actions'>): FestivalOffer {
  const terms = festivalCouponTerms(promotion);
  return {
    couponType: terms.type,
    discountPercentage: terms.type === 'percentage' ? terms.value / BASIS_POINTS_PER_PERCENT : paiseToRupees(terms.value),
    maxDiscountAmount: terms.maxDiscountPaise == null ? null : paiseToRupees(terms.maxDiscountPaise),
    minimumOrderAmount: paiseToRupees(terms.minimumOrderPaise ?? 0),
  };
}

export type FestivalCouponResult = { ok: true; bill: Bill; discountPaise: number } | { ok: false; message: string };

/**
 * A festival's coupon on a bill the other promotions have already reduced, where decision 49 puts it: the engine's
 * own action takes it off what the goods still cost, its minimum met by the potions bought. It reads on the bill as
 * coupons always have ('Discount (DIWALI20)', with its code). Refused in the coupons' words when its switch, dates,
 * cap or minimum say no; one that takes nothing (0 %, or nothing left to take) still applies, as it always did.
 */
export function applyFestivalCoupon(promotion: Promotion, bill: Bill, basket: OfferBasket, now: Date): FestivalCouponResult {
  const context: OfferContext = { now, shopper: null, code: promotion.code, gifts: new Map(), codFeePaise: 0 };
  if (!promotionApplies(promotion, basket, context)) return { ok: false, message: codeRefusalMessage(promotion, [], basket, context) };
  const code = promotion.code ?? '';
  const after = applyActions(promotion, { bill, gifts: [], codFeeWaivedBy: null }, basket, context).bill;
  const ours = (adjustment: Adjustment) => adjustment.promotionId === promotion.id;
  const adjustments = after.adjustments.map((adjustment) => (ours(adjustment) ? { ...adjustment, kind: 'coupon' as const, label: couponLabel(code), code } : adjustment));
  return { ok: true, bill: { ...after, adjustments }, discountPaise: partsPaise(adjustments.filter(ours)) };
}
