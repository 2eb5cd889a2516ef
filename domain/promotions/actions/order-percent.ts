import { billTotals, withAdjustment } from '../../bill.ts';
import { percentOf, type ActionDefinition, type ActionSpec } from '../promotion.ts';

type Spec = Extract<ActionSpec, { type: 'order-percent' }>;

/** A percentage off what the basket still costs, up to a maximum, shared over its lines. */
export const orderPercent: ActionDefinition<Spec> = {
  type: 'order-percent',
  apply(spec, state, promotion) {
    const { subtotalPaise, adjustmentsPaise } = billTotals(state.bill);
    const off = percentOf(subtotalPaise - adjustmentsPaise, spec.percentBp);
    const amountPaise = spec.maximumPaise === null ? off : Math.min(off, spec.maximumPaise);
    return { ...state, bill: withAdjustment(state.bill, { kind: 'promotion', label: promotion.name, promotionId: promotion.id, amountPaise }) };
  },
  describe: (spec) => `${spec.percentBp / 100}% off`,
};
