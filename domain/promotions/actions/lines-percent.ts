import { lineNets, withLineAdjustment } from '../../bill.ts';
import { matchesLine, percentOf, type ActionDefinition, type ActionSpec } from '../promotion.ts';

type Spec = Extract<ActionSpec, { type: 'lines-percent' }>;

/** A percentage off each matching line ("15% off all attars"), of what the line still costs. */
export const linesPercent: ActionDefinition<Spec> = {
  type: 'lines-percent',
  apply(spec, state, promotion, basket) {
    const nets = lineNets(state.bill);
    const perLine = new Map<string, number>();
    for (const line of basket.lines) if (matchesLine(spec.filter, line)) perLine.set(line.key, percentOf(nets.get(line.key) ?? 0, spec.percentBp));
    return { ...state, bill: withLineAdjustment(state.bill, { kind: 'promotion', label: promotion.name, promotionId: promotion.id }, perLine) };
  },
  describe: (spec) => `${spec.percentBp / 100}% off`,
};
