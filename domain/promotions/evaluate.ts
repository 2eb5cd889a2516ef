/**
 * Which promotions a basket gets, and what they do to its bill. The quote, the payment order and the Cash on
 * Delivery order all price through here, on the server; the client never sends an amount.
 *
 * Stacking (decision 49): every combinable promotion that applies stacks, highest priority first, each on the bill
 * as the earlier ones left it; an exclusive promotion applies alone. Of the combinable stack and each exclusive
 * promotion, the shopper gets whichever takes the most off (gifts counted at their price); a tie keeps the stack.
 */
import { partsPaise, type Bill } from '../bill.ts';
import { formatPaise, formatPaiseBrief } from '../money.ts';
import { refusalMessage } from '../coupons.ts';
import { actionOf, conditionOf } from './registry.ts';
import type { GiftLine, OfferBasket, OfferContext, OfferState, Promotion } from './promotion.ts';

export interface PromotionOutcome {
  bill: Bill;
  gifts: GiftLine[];
  codFeeWaivedBy: OfferState['codFeeWaivedBy'];
  /** The promotions that took effect, in the order applied: their uses are counted with the order. */
  applied: Promotion[];
  /** The nearest automatic offer the basket does not reach yet: 'Add ₹350 more for a free Moon Dust (2ml)'. */
  next: { promotionId: number; shortfallPaise: number; message: string } | null;
}

/** Why a promotion cannot be used now by this shopper, before its conditions are looked at; null when it can. */
export function promotionUnavailable(promotion: Promotion, context: OfferContext): 'paused' | 'not-started' | 'ended' | 'used-up' | 'used-by-shopper' | null {
  if (promotion.paused) return 'paused';
  if (context.now < promotion.startsAt) return 'not-started';
  if (promotion.endsAt && context.now > promotion.endsAt) return 'ended';
  if (promotion.usageLimit !== null && promotion.usedCount >= promotion.usageLimit) return 'used-up';
  const used = context.shopper?.uses.get(promotion.id) ?? 0;
  if (promotion.perCustomerLimit !== null && used >= promotion.perCustomerLimit) return 'used-by-shopper';
  return null;
}

/** Whether the promotion is offered to this basket at all: live, its code typed (if it has one), every condition met. */
export function promotionApplies(promotion: Promotion, basket: OfferBasket, context: OfferContext): boolean {
  if (promotionUnavailable(promotion, context)) return false;
  if (promotion.code !== null && promotion.code !== context.code) return false;
  return promotion.conditions.every((condition) => conditionOf(condition).holds(condition, basket, context));
}

/** What one promotion's actions do to the state, in their order; the caller has decided that it applies. */
export function applyActions(promotion: Promotion, start: OfferState, basket: OfferBasket, context: OfferContext): OfferState {
  let state = start;
  for (const action of promotion.actions) state = actionOf(action).apply(action, state, promotion, basket, context);
  return state;
}

function applyAll(promotions: readonly Promotion[], start: OfferState, basket: OfferBasket, context: OfferContext) {
  let state = start;
  const applied: Promotion[] = [];
  for (const promotion of promotions) {
    const before = state;
    state = applyActions(promotion, state, basket, context);
    if (changed(before, state)) applied.push(promotion);
  }
  return { state, applied };
}

function changed(before: OfferState, after: OfferState): boolean {
  return after.bill.adjustments.length !== before.bill.adjustments.length || after.gifts.length !== before.gifts.length || after.codFeeWaivedBy !== before.codFeeWaivedBy;
}

/** What a result is worth to the shopper: money taken off (a gift's line is taken off whole). */
function benefitPaise(state: OfferState, start: OfferState, context: OfferContext): number {
  const waived = state.codFeeWaivedBy && !start.codFeeWaivedBy ? context.codFeePaise : 0;
  return partsPaise(state.bill.adjustments) - partsPaise(start.bill.adjustments) + waived;
}

const byPriority = (a: Promotion, b: Promotion) => b.priority - a.priority || a.id - b.id;

/** The nearest automatic promotion that only lacks a higher subtotal, phrased for the cart. */
function nextOffer(promotions: readonly Promotion[], applied: readonly Promotion[], basket: OfferBasket, context: OfferContext): PromotionOutcome['next'] {
  let best: PromotionOutcome['next'] = null;
  for (const promotion of promotions) {
    if (promotion.code !== null || applied.includes(promotion) || promotionUnavailable(promotion, context)) continue;
    let shortfall = 0;
    let reachable = true;
    for (const condition of promotion.conditions) {
      const definition = conditionOf(condition);
      if (definition.holds(condition, basket, context)) continue;
      const lacking = definition.shortfallPaise?.(condition, basket) ?? 0;
      if (lacking <= 0) reachable = false;
      shortfall = Math.max(shortfall, lacking);
    }
    if (!reachable || shortfall === 0 || (best && best.shortfallPaise <= shortfall)) continue;
    const what = promotion.actions.map((action) => actionOf(action).describe(action, context)).join(' and ');
    best = { promotionId: promotion.id, shortfallPaise: shortfall, message: `Add ${formatPaiseBrief(shortfall)} more for ${what}` };
  }
  return best;
}

/**
 * Applies the promotions the basket earns to its bill (the bill of its bought lines, before any coupon). Pure: the
 * caller loads the live promotions, the shopper and the gift items, and counts the uses when the order is placed.
 */
export function evaluatePromotions(bill: Bill, basket: OfferBasket, promotions: readonly Promotion[], context: OfferContext): PromotionOutcome {
  const start: OfferState = { bill, gifts: [], codFeeWaivedBy: null };
  const eligible = promotions.filter((promotion) => promotionApplies(promotion, basket, context)).sort(byPriority);
  let best = applyAll(
    eligible.filter((promotion) => promotion.combinable),
    start,
    basket,
    context,
  );
  for (const exclusive of eligible.filter((promotion) => !promotion.combinable)) {
    const alone = applyAll([exclusive], start, basket, context);
    if (benefitPaise(alone.state, start, context) > benefitPaise(best.state, start, context)) best = alone;
  }
  return { ...best.state, applied: best.applied, next: nextOffer(promotions, best.applied, basket, context) };
}

/**
 * Why a promotion's code took nothing off this basket, in the words the festival coupons use: its dates, its caps,
 * the amount still missing, or that the basket's potions are not what it is for.
 */
export function codeRefusalMessage(promotion: Promotion, applied: readonly Promotion[], basket: OfferBasket, context: OfferContext): string {
  const unavailable = promotionUnavailable(promotion, context);
  if (unavailable === 'paused') return refusalMessage({ reason: 'inactive' }, formatPaise);
  if (unavailable === 'not-started') return refusalMessage({ reason: 'not-started', startsAt: promotion.startsAt }, formatPaise);
  if (unavailable === 'ended') return refusalMessage({ reason: 'expired' }, formatPaise);
  if (unavailable === 'used-up') return refusalMessage({ reason: 'used-up' }, formatPaise);
  if (unavailable === 'used-by-shopper') return 'You have already used this coupon';
  const failing = promotion.conditions.filter((condition) => !conditionOf(condition).holds(condition, basket, context));
  const shortfalls = failing.map((condition) => conditionOf(condition).shortfallPaise?.(condition, basket) ?? 0);
  // Only an amount is missing: the coupons' own words for it.
  if (failing.length > 0 && shortfalls.every((lacking) => lacking > 0)) {
    return refusalMessage({ reason: 'below-minimum', shortfallPaise: Math.max(...shortfalls) }, formatPaise);
  }
  if (failing.length > 0) return 'This coupon does not apply to the potions in your cart';
  return applied.length > 0 ? 'A better offer already applies to your cart' : 'This coupon does not apply to the potions in your cart';
}
