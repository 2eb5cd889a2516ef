import { lineSubtotalPaise, type ConditionDefinition, type ConditionSpec } from '../promotion.ts';

type Spec = Extract<ConditionSpec, { type: 'minimum-subtotal' }>;

/** The basket's bought lines come to at least the amount ("over ₹1,499"), before any offer. */
export const minimumSubtotal: ConditionDefinition<Spec> = {
  type: 'minimum-subtotal',
  holds: (spec, basket) => lineSubtotalPaise(basket.lines) >= spec.amountPaise,
  shortfallPaise: (spec, basket) => Math.max(0, spec.amountPaise - lineSubtotalPaise(basket.lines)),
};
