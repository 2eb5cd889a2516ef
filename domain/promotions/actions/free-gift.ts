import { withLine, withLineAdjustment } from '../../bill.ts';
import { giftKeyOf, giftLineKey, type ActionDefinition, type ActionSpec } from '../promotion.ts';

type Spec = Extract<ActionSpec, { type: 'free-gift' }>;

/**
 * Adds the gift to the basket as a line at its price and takes all of it off in the same breath: the invoice shows
 * what was given and that it cost nothing (decision 49), and the gift takes real stock like any line. A gift that is
 * sold out (counting the units the basket itself buys) is simply not given.
 */
export const freeGift: ActionDefinition<Spec> = {
  type: 'free-gift',
  apply(spec, state, promotion, basket, context) {
    const item = context.gifts.get(giftKeyOf(spec.productId, spec.size));
    const key = giftLineKey(spec.productId, spec.size);
    if (!item || state.bill.lines.some((line) => line.key === key)) return state;
    const bought = basket.lines.filter((line) => line.productId === spec.productId).reduce((units, line) => units + line.quantity, 0);
    const given = state.gifts.filter((gift) => gift.productId === spec.productId).reduce((units, gift) => units + gift.quantity, 0);
    if (item.available < bought + given + spec.quantity) return state;
    const label = `Free ${item.name} (${spec.size}) — ${promotion.name}`;
    const amountPaise = item.unitPricePaise * spec.quantity;
    const bill = withLineAdjustment(
      withLine(state.bill, { key, amountPaise }),
      { kind: 'promotion', label, promotionId: promotion.id },
      new Map([[key, amountPaise]]),
    );
    const gift = { key, productId: item.productId, categoryId: item.categoryId, size: spec.size, quantity: spec.quantity, unitPricePaise: item.unitPricePaise };
    return { ...state, bill, gifts: [...state.gifts, { ...gift, name: item.name, promotionId: promotion.id, label }] };
  },
  describe: (spec, context) => {
    const item = context.gifts.get(giftKeyOf(spec.productId, spec.size));
    return item ? `a free ${item.name} (${spec.size})` : 'a free gift';
  },
};
