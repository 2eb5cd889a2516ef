import { withAdjustment } from '../../bill.ts';
import { formatPaiseBrief } from '../../money.ts';
import type { ActionDefinition, ActionSpec } from '../promotion.ts';

type Spec = Extract<ActionSpec, { type: 'order-fixed' }>;

/** A fixed amount off the basket, shared over its lines; never more than they still cost. */
export const orderFixed: ActionDefinition<Spec> = {
  type: 'order-fixed',
  apply: (spec, state, promotion) => ({
    ...state,
    bill: withAdjustment(state.bill, { kind: 'promotion', label: promotion.name, promotionId: promotion.id, amountPaise: spec.amountPaise }),
  }),
  describe: (spec) => `${formatPaiseBrief(spec.amountPaise)} off`,
};
