/**
 * The promotion form's conditions and actions as typed (strings), and the request body they make. The form names a
 * category as a filter; the API also takes potions and sizes. The server checks every rule and answers field by field.
 */
import type { AdminPromotion, PromotionActionInput, PromotionConditionInput } from '../../../contracts/promotions.ts';
import { LEVELS } from '../../../domain/levels.ts';

export const CONDITION_TYPES = {
  'minimum-subtotal': 'Basket of at least',
  contains: 'Contains potions of a category',
  'loyalty-level': 'Shopper at a loyalty level',
  'first-order': "Shopper's first order",
} as const satisfies Record<PromotionConditionInput['type'], string>;

export const ACTION_TYPES = {
  'order-percent': 'Percent off the order',
  'order-fixed': 'Amount off the order',
  'lines-percent': 'Percent off a category',
  'lines-fixed': 'Amount off a category',
  'buy-get': 'Buy X get Y',
  'free-gift': 'Free gift',
  'waive-cod-fee': 'No Cash on Delivery fee',
} as const satisfies Record<PromotionActionInput['type'], string>;

/** One row of the form: its type and its fields as typed. */
export interface RuleRow<T extends string> {
  type: T;
  amount: string;
  percent: string;
  maximum: string;
  category: string;
  quantity: string;
  buy: string;
  get: string;
  level: string;
  productId: string;
  size: string;
}

export const emptyRow = <T extends string>(type: T): RuleRow<T> => ({
  type,
  amount: '',
  percent: '',
  maximum: '',
  category: '',
  quantity: '1',
  buy: '2',
  get: '1',
  level: LEVELS[LEVELS.length - 1]!.name,
  productId: '',
  size: '',
});

const num = (value: string) => (value.trim() === '' ? '' : Number.isNaN(Number(value)) ? value : Number(value));
const filterOf = (category: string) => ({ productIds: [], categoryIds: category ? [category] : [], sizes: [] });

export function conditionBody(row: RuleRow<PromotionConditionInput['type']>): Record<string, unknown> {
  switch (row.type) {
    case 'minimum-subtotal':
      return { type: row.type, amount: num(row.amount) };
    case 'contains':
      return { type: row.type, filter: filterOf(row.category), minimumQuantity: num(row.quantity) };
    case 'loyalty-level':
      return { type: row.type, levels: [row.level] };
    case 'first-order':
      return { type: row.type };
  }
}

export function actionBody(row: RuleRow<PromotionActionInput['type']>): Record<string, unknown> {
  switch (row.type) {
    case 'order-percent':
      return { type: row.type, percent: num(row.percent), maximum: num(row.maximum) || null };
    case 'order-fixed':
      return { type: row.type, amount: num(row.amount) };
    case 'lines-percent':
      return { type: row.type, filter: filterOf(row.category), percent: num(row.percent) };
    case 'lines-fixed':
      return { type: row.type, filter: filterOf(row.category), amount: num(row.amount) };
    case 'buy-get':
      return { type: row.type, filter: filterOf(row.category), buy: num(row.buy), get: num(row.get), percent: num(row.percent) || 100 };
    case 'free-gift':
      return { type: row.type, productId: num(row.productId), size: row.size, quantity: num(row.quantity) };
    case 'waive-cod-fee':
      return { type: row.type };
  }
}

export function conditionRow(input: PromotionConditionInput): RuleRow<PromotionConditionInput['type']> {
  const row = emptyRow(input.type);
  if (input.type === 'minimum-subtotal') return { ...row, amount: String(input.amount) };
  if (input.type === 'contains') return { ...row, category: input.filter.categoryIds[0] ?? '', quantity: String(input.minimumQuantity) };
  if (input.type === 'loyalty-level') return { ...row, level: input.levels[0] ?? row.level };
  return row;
}

export function actionRow(input: PromotionActionInput): RuleRow<PromotionActionInput['type']> {
  const row = emptyRow(input.type);
  switch (input.type) {
    case 'order-percent':
      return { ...row, percent: String(input.percent), maximum: input.maximum === null ? '' : String(input.maximum) };
    case 'order-fixed':
      return { ...row, amount: String(input.amount) };
    case 'lines-percent':
      return { ...row, category: input.filter.categoryIds[0] ?? '', percent: String(input.percent) };
    case 'lines-fixed':
      return { ...row, category: input.filter.categoryIds[0] ?? '', amount: String(input.amount) };
    case 'buy-get':
      return { ...row, category: input.filter.categoryIds[0] ?? '', buy: String(input.buy), get: String(input.get), percent: String(input.percent) };
    case 'free-gift':
      return { ...row, productId: String(input.productId), size: input.size, quantity: String(input.quantity) };
    case 'waive-cod-fee':
      return row;
  }
}

/** A promotion in words for its card: 'Basket of at least ₹1,499 → Free gift'. */
export function ruleSummary(promotion: Pick<AdminPromotion, 'conditions' | 'actions'>): string {
  const when = promotion.conditions.map((condition) => CONDITION_TYPES[condition.type]).join(' and ');
  const what = promotion.actions.map((action) => ACTION_TYPES[action.type]).join(' and ');
  return when ? `${when} → ${what}` : `Every basket → ${what}`;
}
