import { withLineAdjustment } from '../../bill.ts';
import { matchesLine, percentOf, type ActionDefinition, type ActionSpec, type OfferLine } from '../promotion.ts';

type Spec = Extract<ActionSpec, { type: 'buy-get' }>;

/**
 * Which units go free (or at the discount) under "buy X get Y": for every X + Y matching units, Y of them, the
 * cheapest of the basket's matching units first, so the shopper always knows which one the offer takes. Returns
 * the number of such units per line key.
 */
export function rewardedUnits(spec: Pick<Spec, 'filter' | 'buy' | 'get'>, lines: readonly OfferLine[]): Map<string, number> {
  const units = lines
    .filter((line) => matchesLine(spec.filter, line))
    .flatMap((line) => Array.from({ length: line.quantity }, () => line))
    .sort((a, b) => a.unitPricePaise - b.unitPricePaise || a.key.localeCompare(b.key));
  const count = Math.floor(units.length / (spec.buy + spec.get)) * spec.get;
  const perLine = new Map<string, number>();
  for (const line of units.slice(0, count)) perLine.set(line.key, (perLine.get(line.key) ?? 0) + 1);
  return perLine;
}

/** Buy X get Y free, or Y at a percentage off ("buy 2 get 1"), cheapest units first. */
export const buyGet: ActionDefinition<Spec> = {
  type: 'buy-get',
  apply(spec, state, promotion, basket) {
    const byKey = new Map(basket.lines.map((line) => [line.key, line]));
    const perLine = new Map<string, number>();
    for (const [key, units] of rewardedUnits(spec, basket.lines)) perLine.set(key, percentOf(units * byKey.get(key)!.unitPricePaise, spec.percentBp));
    return { ...state, bill: withLineAdjustment(state.bill, { kind: 'promotion', label: promotion.name, promotionId: promotion.id }, perLine) };
  },
  describe: (spec) => (spec.percentBp >= 10_000 ? `buy ${spec.buy} get ${spec.get} free` : `buy ${spec.buy} get ${spec.get} at ${spec.percentBp / 100}% off`),
};
