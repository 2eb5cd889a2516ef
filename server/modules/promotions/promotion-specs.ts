import type { PromotionActionInput, PromotionConditionInput } from '../../../contracts/promotions.ts';
import { paiseToRupees, rupeesToPaise } from '../../../domain/money.ts';
import type { ActionSpec, ConditionSpec, LineFilter } from '../../../domain/promotions/promotion.ts';

/** The back office types rupees and percents; the shop keeps paise and basis points. Both ways, one place. */
const basisPoints = (percent: number) => Math.round(percent * 100);
const percentOf = (basisPoints: number) => basisPoints / 100;
type FilterInput = { productIds: number[]; categoryIds: string[]; sizes: string[] };
const filterOf = (filter: LineFilter): FilterInput => ({ productIds: [...(filter.productIds ?? [])], categoryIds: [...(filter.categoryIds ?? [])], sizes: [...(filter.sizes ?? [])] });

export function conditionSpecOf(input: PromotionConditionInput): ConditionSpec {
  switch (input.type) {
    case 'minimum-subtotal':
      return { type: input.type, amountPaise: rupeesToPaise(input.amount) };
    case 'contains':
      return { type: input.type, filter: input.filter, minimumQuantity: input.minimumQuantity };
    case 'loyalty-level':
      return { type: input.type, levels: input.levels };
    case 'first-order':
      return { type: input.type };
  }
}

export function conditionInputOf(spec: ConditionSpec): PromotionConditionInput {
  switch (spec.type) {
    case 'minimum-subtotal':
      return { type: spec.type, amount: paiseToRupees(spec.amountPaise) };
    case 'contains':
      return { type: spec.type, filter: filterOf(spec.filter), minimumQuantity: spec.minimumQuantity };
    case 'loyalty-level':
      return { type: spec.type, levels: spec.levels };
    case 'first-order':
      return { type: spec.type };
  }
}

export function actionSpecOf(input: PromotionActionInput): ActionSpec {
  switch (input.type) {
    case 'order-percent':
      return { type: input.type, percentBp: basisPoints(input.percent), maximumPaise: input.maximum === null ? null : rupeesToPaise(input.maximum) };
    case 'order-fixed':
      return { type: input.type, amountPaise: rupeesToPaise(input.amount) };
    case 'lines-percent':
      return { type: input.type, filter: input.filter, percentBp: basisPoints(input.percent) };
    case 'lines-fixed':
      return { type: input.type, filter: input.filter, amountPaise: rupeesToPaise(input.amount) };
    case 'buy-get':
      return { type: input.type, filter: input.filter, buy: input.buy, get: input.get, percentBp: basisPoints(input.percent) };
    case 'free-gift':
      return { type: input.type, productId: input.productId, size: input.size, quantity: input.quantity };
    case 'waive-cod-fee':
      return { type: input.type };
  }
}

export function actionInputOf(spec: ActionSpec): PromotionActionInput {
  switch (spec.type) {
    case 'order-percent':
      return { type: spec.type, percent: percentOf(spec.percentBp), maximum: spec.maximumPaise === null ? null : paiseToRupees(spec.maximumPaise) };
    case 'order-fixed':
      return { type: spec.type, amount: paiseToRupees(spec.amountPaise) };
    case 'lines-percent':
      return { type: spec.type, filter: filterOf(spec.filter), percent: percentOf(spec.percentBp) };
    case 'lines-fixed':
      return { type: spec.type, filter: filterOf(spec.filter), amount: paiseToRupees(spec.amountPaise) };
    case 'buy-get':
      return { type: spec.type, filter: filterOf(spec.filter), buy: spec.buy, get: spec.get, percent: percentOf(spec.percentBp) };
    case 'free-gift':
      return { type: spec.type, productId: spec.productId, size: spec.size, quantity: spec.quantity };
    case 'waive-cod-fee':
      return { type: spec.type };
  }
}
