import type { ActionDefinition, ActionSpec } from '../promotion.ts';

type Spec = Extract<ActionSpec, { type: 'waive-cod-fee' }>;

/** No Cash on Delivery fee on this order: the fee is never charged, rather than charged and taken back. */
export const waiveCodFee: ActionDefinition<Spec> = {
  type: 'waive-cod-fee',
  apply: (_spec, state, promotion) => (state.codFeeWaivedBy ? state : { ...state, codFeeWaivedBy: { promotionId: promotion.id, label: promotion.name } }),
  describe: () => 'no Cash on Delivery fee',
};
