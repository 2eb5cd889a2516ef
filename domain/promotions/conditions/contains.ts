import { matchesLine, type ConditionDefinition, type ConditionSpec } from '../promotion.ts';

type Spec = Extract<ConditionSpec, { type: 'contains' }>;

/** The basket holds at least `minimumQuantity` units of the potions, categories or sizes named. */
export const contains: ConditionDefinition<Spec> = {
  type: 'contains',
  holds: (spec, basket) =>
    basket.lines.filter((line) => matchesLine(spec.filter, line)).reduce((units, line) => units + line.quantity, 0) >= spec.minimumQuantity,
};
