import type { ConditionDefinition, ConditionSpec } from '../promotion.ts';

type Spec = Extract<ConditionSpec, { type: 'first-order' }>;

/** The signed-in shopper has never placed an order; a shopper not signed in cannot be known to be new. */
export const firstOrder: ConditionDefinition<Spec> = {
  type: 'first-order',
  holds: (_spec, _basket, context) => context.shopper !== null && context.shopper.ordersPlaced === 0,
};
