/**
 * Promotions: offers a shop owner sets up without a code change. A promotion is a list of conditions (all must
 * hold) and a list of actions (all apply), automatic or behind a code, combinable with others or exclusive, within
 * dates and use caps. Each condition and action is its own small module registered in `registry.ts`; this file
 * holds the shapes they share. Amounts are integer paise, percentages basis points (1 500 = 15 %). Pure.
 */
import type { Bill } from '../bill.ts';
import type { LevelName } from '../levels.ts';

/** Which lines an action or a condition looks at; an empty list does not narrow. */
export interface LineFilter {
  productIds?: readonly number[];
  categoryIds?: readonly string[];
  sizes?: readonly string[];
}

export type ConditionSpec =
  | { type: 'minimum-subtotal'; amountPaise: number }
  | { type: 'contains'; filter: LineFilter; minimumQuantity: number }
  | { type: 'loyalty-level'; levels: LevelName[] }
  | { type: 'first-order' };

export type ActionSpec =
  | { type: 'order-percent'; percentBp: number; maximumPaise: number | null }
  | { type: 'order-fixed'; amountPaise: number }
  | { type: 'lines-percent'; filter: LineFilter; percentBp: number }
  | { type: 'lines-fixed'; filter: LineFilter; amountPaise: number }
  | { type: 'buy-get'; filter: LineFilter; buy: number; get: number; percentBp: number }
  | { type: 'free-gift'; productId: number; size: string; quantity: number }
  | { type: 'waive-cod-fee' };

export type ConditionType = ConditionSpec['type'];
export type ActionType = ActionSpec['type'];

export interface Promotion {
  id: number;
  /** What shoppers read on the bill: 'New Moon offer'. */
  name: string;
  /** Null for an automatic promotion; the upper-case code otherwise. */
  code: string | null;
  conditions: ConditionSpec[];
  actions: ActionSpec[];
  /** A combinable promotion stacks with other combinable ones; an exclusive one applies alone. */
  combinable: boolean;
  /** Higher first, among those that stack. */
  priority: number;
  paused: boolean;
  startsAt: Date;
  endsAt: Date | null;
  usageLimit: number | null;
  usedCount: number;
  perCustomerLimit: number | null;
  /** The festival whose coupon this is (decision 78): priced after the other promotions, never automatically. */
  festivalId: number | null;
}

/** A basket line as promotions see it. `key` is the line's key in the bill. */
export interface OfferLine {
  key: string;
  productId: number;
  categoryId: string;
  size: string;
  quantity: number;
  unitPricePaise: number;
}

/** A potion a free-gift action may add, as the catalogue has it now. */
export interface GiftItem {
  productId: number;
  size: string;
  name: string;
  categoryId: string;
  unitPricePaise: number;
  /** Units that can still be sold, all sizes together. */
  available: number;
}

/** Who is buying, when known (a signed-in shopper). */
export interface OfferShopper {
  level: LevelName;
  ordersPlaced: number;
  /** Orders of theirs that used each promotion, by id. */
  uses: ReadonlyMap<number, number>;
}

export interface OfferContext {
  now: Date;
  shopper: OfferShopper | null;
  /** The code the shopper typed, normalised, if any. */
  code: string | null;
  /** Gift items the live promotions name, by `giftKeyOf`. */
  gifts: ReadonlyMap<string, GiftItem>;
  /** The Cash on Delivery fee the basket would pay, so waiving it weighs what it saves (0 when paying online). */
  codFeePaise: number;
}

export interface OfferBasket {
  lines: readonly OfferLine[];
}

/** A line the offer adds to the basket: a free gift at its price, with an adjustment taking all of it off. */
export interface GiftLine extends OfferLine {
  name: string;
  promotionId: number;
  label: string;
}

/** Where evaluating the actions stands: the bill so far, and what the actions added besides adjustments. */
export interface OfferState {
  bill: Bill;
  gifts: GiftLine[];
  /** The promotion that waives the Cash on Delivery fee, if one does. */
  codFeeWaivedBy: { promotionId: number; label: string } | null;
}

export interface ConditionDefinition<S extends ConditionSpec = ConditionSpec> {
  type: S['type'];
  holds(spec: S, basket: OfferBasket, context: OfferContext): boolean;
  /** How much more the basket must cost for the condition to hold, when that is all it lacks. */
  shortfallPaise?(spec: S, basket: OfferBasket): number;
}

export interface ActionDefinition<S extends ActionSpec = ActionSpec> {
  type: S['type'];
  apply(spec: S, state: OfferState, promotion: Promotion, basket: OfferBasket, context: OfferContext): OfferState;
  /** A few words for "Add ₹350 more for …": 'a free Moon Dust (2ml)', '15% off'. */
  describe(spec: S, context: OfferContext): string;
}

export function giftKeyOf(productId: number, size: string): string {
  return `${productId}-${size}`;
}

/** The key a free gift's line has in the bill: apart from a bought line of the same potion and size. */
export function giftLineKey(productId: number, size: string): string {
  return `${giftKeyOf(productId, size)}:gift`;
}

export function matchesLine(filter: LineFilter, line: Pick<OfferLine, 'productId' | 'categoryId' | 'size'>): boolean {
  if (filter.productIds?.length && !filter.productIds.includes(line.productId)) return false;
  if (filter.categoryIds?.length && !filter.categoryIds.includes(line.categoryId)) return false;
  if (filter.sizes?.length && !filter.sizes.includes(line.size)) return false;
  return true;
}

/** Bought lines only: a gift line never counts towards a condition or takes another offer. */
export function lineSubtotalPaise(lines: readonly OfferLine[]): number {
  return lines.reduce((total, line) => total + line.unitPricePaise * line.quantity, 0);
}

/** A percentage of an amount in paise, rounded to the paisa. */
export function percentOf(amountPaise: number, percentBp: number): number {
  return Math.round((amountPaise * percentBp) / 10_000);
}
