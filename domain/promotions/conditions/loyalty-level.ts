import type { ConditionDefinition, ConditionSpec } from '../promotion.ts';

type Spec = Extract<ConditionSpec, { type: 'loyalty-level' }>;

/** The signed-in shopper is at one of the loyalty levels named; a shopper not signed in is at none. */
export const loyaltyLevel: ConditionDefinition<Spec> = {
  type: 'loyalty-level',
  holds: (spec, _basket, context) => context.shopper !== null && spec.levels.includes(context.shopper.level),
};
