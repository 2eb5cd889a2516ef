import { z } from 'zod';
import { LEVELS, type LevelName } from '../domain/levels.ts';
import { serialId, text } from './fields.ts';
import { COUPON_CODE_MAX } from './festivals.ts';
import { cartItemInputSchema, MAX_CART_LINES } from './cart.ts';
import { billPartSchema } from './bill.ts';

/**
 * The back office's promotions, in rupees and percents as people type them (the shop keeps paise and basis points).
 * One shape per condition and action of domain/promotions/registry.ts; an impossible rule is a 400 naming its field.
 */
const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value);
const rupees = (field: string) =>
  z.number({ error: `${field} must be an amount in rupees` }).positive({ error: `${field} must be more than 0` }).max(10_000_000, { error: `${field} is too large` });
const percent = (field: string) =>
  z.number({ error: `${field} must be a percentage` }).gt(0, { error: `${field} must be more than 0` }).max(100, { error: `${field} must be at most 100` });
const count = (field: string, max: number) =>
  z.number({ error: `${field} must be a whole number` }).int({ error: `${field} must be a whole number` }).min(1, { error: `${field} must be at least 1` }).max(max, { error: `${field} must be at most ${max}` });
const dateTime = (field: string) =>
  text({ error: `${field} must be a date` })
    .refine((value) => !Number.isNaN(Date.parse(value)), { error: `${field} must be a date` })
    .transform((value) => new Date(value));

export const lineFilterSchema = z
  .object({
    productIds: z.array(serialId('productIds must be product ids', { digits: false })).max(100, { error: 'productIds lists at most 100 potions' }).default([]),
    categoryIds: z.array(text().trim().min(1).max(60)).max(30, { error: 'categoryIds lists at most 30 categories' }).default([]),
    sizes: z.array(text().trim().min(1).max(40)).max(20, { error: 'sizes lists at most 20 sizes' }).default([]),
  })
  .default({ productIds: [], categoryIds: [], sizes: [] });

const levelNames = LEVELS.map((level) => level.name) as [LevelName, ...LevelName[]];

export const promotionConditionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('minimum-subtotal'), amount: rupees('amount') }),
    z.object({ type: z.literal('contains'), filter: lineFilterSchema, minimumQuantity: count('minimumQuantity', 100) }),
    z.object({ type: z.literal('loyalty-level'), levels: z.array(z.enum(levelNames, { error: 'levels must be loyalty level names' })).min(1, { error: 'levels needs at least one level' }) }),
    z.object({ type: z.literal('first-order') }),
  ],
  { error: 'type must be minimum-subtotal, contains, loyalty-level or first-order' },
);
export type PromotionConditionInput = z.infer<typeof promotionConditionSchema>;

export const promotionActionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('order-percent'), percent: percent('percent'), maximum: z.preprocess(blankToNull, rupees('maximum').nullable()).default(null) }),
    z.object({ type: z.literal('order-fixed'), amount: rupees('amount') }),
    z.object({ type: z.literal('lines-percent'), filter: lineFilterSchema, percent: percent('percent') }),
    z.object({ type: z.literal('lines-fixed'), filter: lineFilterSchema, amount: rupees('amount') }),
    z.object({ type: z.literal('buy-get'), filter: lineFilterSchema, buy: count('buy', 20), get: count('get', 20), percent: percent('percent').default(100) }),
    z.object({ type: z.literal('free-gift'), productId: serialId('productId must be a product id', { digits: false }), size: text().trim().min(1, { error: 'size is required' }).max(40), quantity: count('quantity', 5).default(1) }),
    z.object({ type: z.literal('waive-cod-fee') }),
  ],
  { error: 'type must be order-percent, order-fixed, lines-percent, lines-fixed, buy-get, free-gift or waive-cod-fee' },
);
export type PromotionActionInput = z.infer<typeof promotionActionSchema>;

const promotionFields = z.object({
    name: text({ error: 'name is required' }).trim().min(1, { error: 'name is required' }).max(80, { error: 'name must be at most 80 characters' }),
    code: z.preprocess(
      blankToNull,
      text({ error: 'code must be text' })
        .trim()
        .max(COUPON_CODE_MAX, { error: `code must be at most ${COUPON_CODE_MAX} characters` })
        .regex(/^[A-Za-z0-9_-]+$/, { error: 'code may contain only letters, digits, - and _' })
        .transform((code) => code.toUpperCase())
        .nullable(),
    ),
    conditions: z.array(promotionConditionSchema).max(10, { error: 'A promotion has at most 10 conditions' }).default([]),
    actions: z.array(promotionActionSchema).min(1, { error: 'A promotion needs at least one action' }).max(5, { error: 'A promotion has at most 5 actions' }),
    combinable: z.boolean({ error: 'combinable must be true or false' }).default(true),
    priority: count('priority', 10).default(1),
    startsAt: dateTime('startsAt'),
    endsAt: z.preprocess(blankToNull, dateTime('endsAt').nullable()).default(null),
    usageLimit: z.preprocess(blankToNull, count('usageLimit', 10_000_000).nullable()).default(null),
    perCustomerLimit: z.preprocess(blankToNull, count('perCustomerLimit', 1000).nullable()).default(null),
});

function datesInOrder(promotion: { startsAt: Date; endsAt: Date | null }, context: z.RefinementCtx) {
  if (promotion.endsAt && promotion.endsAt <= promotion.startsAt) context.addIssue({ code: 'custom', path: ['endsAt'], message: 'endsAt must be after startsAt' });
}

export const promotionInputSchema = promotionFields.superRefine(datesInOrder);
export type PromotionInput = z.infer<typeof promotionInputSchema>;

/** An edit names the version it was made on, so an edit made meanwhile by someone else is never overwritten unseen. */
export const promotionUpdateSchema = promotionFields.extend({ version: count('version', 2_147_483_647) }).superRefine(datesInOrder);
export type PromotionUpdate = z.infer<typeof promotionUpdateSchema>;

export const promotionIdParamsSchema = z.object({ id: serialId('id must be a promotion id') });
export const promotionPauseBodySchema = z.object({ paused: z.boolean({ error: 'paused must be true or false' }) });

export const promotionPreviewBodySchema = z.object({
  promotion: promotionInputSchema,
  items: z.array(cartItemInputSchema).min(1, { error: 'items needs at least one potion' }).max(MAX_CART_LINES, { error: `A cart holds at most ${MAX_CART_LINES} lines` }),
});

export const adminPromotionSchema = z.object({
  id: z.number().int(),
  name: text(),
  code: text().nullable(),
  conditions: z.array(promotionConditionSchema),
  actions: z.array(promotionActionSchema),
  combinable: z.boolean(),
  priority: z.number().int(),
  paused: z.boolean(),
  startsAt: text(),
  endsAt: text().nullable(),
  usageLimit: z.number().int().nullable(),
  usedCount: z.number().int(),
  perCustomerLimit: z.number().int().nullable(),
  version: z.number().int(),
  /** 'live', 'paused', 'scheduled', 'ended' or 'used-up', at the time of asking. */
  status: z.enum(['live', 'paused', 'scheduled', 'ended', 'used-up']),
  /** Paid orders (not cancelled) that used it, the money it took off them, and what they came to. */
  orders: z.number().int(),
  discountGiven: z.number(),
  revenue: z.number(),
});
export type AdminPromotion = z.infer<typeof adminPromotionSchema>;

export const adminPromotionsResponseSchema = z.object({ success: z.literal(true), promotions: z.array(adminPromotionSchema) });
export const adminPromotionResponseSchema = z.object({ success: z.literal(true), message: text(), promotion: adminPromotionSchema });
export const promotionPreviewResponseSchema = z.object({
  success: z.literal(true),
  applies: z.boolean(),
  subtotal: z.number(),
  total: z.number(),
  adjustments: z.array(billPartSchema),
  gifts: z.array(z.object({ name: text(), size: text(), quantity: z.number().int() })),
  codFeeWaived: z.boolean(),
  nextOffer: text().nullable(),
});
export type PromotionPreview = z.infer<typeof promotionPreviewResponseSchema>;
