/**
 * Every condition and action a promotion can use, one module each. A new kind of offer is a new module here, its
 * shape in `contracts/promotions.ts` and its control in the back office's form; the engine needs no change.
 */
import { buyGet } from './actions/buy-get.ts';
import { freeGift } from './actions/free-gift.ts';
import { linesFixed } from './actions/lines-fixed.ts';
import { linesPercent } from './actions/lines-percent.ts';
import { orderFixed } from './actions/order-fixed.ts';
import { orderPercent } from './actions/order-percent.ts';
import { waiveCodFee } from './actions/waive-cod-fee.ts';
import { contains } from './conditions/contains.ts';
import { firstOrder } from './conditions/first-order.ts';
import { loyaltyLevel } from './conditions/loyalty-level.ts';
import { minimumSubtotal } from './conditions/minimum-subtotal.ts';
import type { ActionDefinition, ActionSpec, ActionType, ConditionDefinition, ConditionSpec, ConditionType } from './promotion.ts';

type ConditionRegistry = { [T in ConditionType]: ConditionDefinition<Extract<ConditionSpec, { type: T }>> };
type ActionRegistry = { [T in ActionType]: ActionDefinition<Extract<ActionSpec, { type: T }>> };

export const CONDITIONS: ConditionRegistry = {
  'minimum-subtotal': minimumSubtotal,
  contains,
  'loyalty-level': loyaltyLevel,
  'first-order': firstOrder,
};

export const ACTIONS: ActionRegistry = {
  'order-percent': orderPercent,
  'order-fixed': orderFixed,
  'lines-percent': linesPercent,
  'lines-fixed': linesFixed,
  'buy-get': buyGet,
  'free-gift': freeGift,
  'waive-cod-fee': waiveCodFee,
};

export function conditionOf<S extends ConditionSpec>(spec: S): ConditionDefinition<S> {
  return CONDITIONS[spec.type] as unknown as ConditionDefinition<S>;
}

export function actionOf<S extends ActionSpec>(spec: S): ActionDefinition<S> {
  return ACTIONS[spec.type] as unknown as ActionDefinition<S>;
}
