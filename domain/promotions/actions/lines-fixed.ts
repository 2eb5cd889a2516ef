import { withAdjustment } from '../../bill.ts';
import { formatPaiseBrief } from '../../money.ts';
import { matchesLine, type ActionDefinition, type ActionSpec } from '../promotion.ts';

type Spec = Extract<ActionSpec, { type: 'lines-fixed' }>;

/** A fixed amount off the matching lines together, shared over them by what each still costs. */
export const linesFixed: ActionDefinition<Spec> = {
  type: 'lines-fixed',
  apply(spec, state, promotion, basket) {
    const matching = new Set(basket.lines.filter((line) => matchesLine(spec.filter, line)).map((line) => line.key));
    const adjustment = { kind: 'promotion' as const, label: promotion.name, promotionId: promotion.id, amountPaise: spec.amountPaise };
    return { ...state, bill: withAdjustment(state.bill, adjustment, (line) => matching.has(line.key)) };
  },
  describe: (spec) => `${formatPaiseBrief(spec.amountPaise)} off`,
};
