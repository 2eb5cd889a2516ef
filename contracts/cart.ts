import { z } from 'zod';
import { serialId, text } from './fields.ts';
import { MAX_LINE_QUANTITY } from '../domain/cart.ts';
import { billPartSchema } from './bill.ts';
import { appliedCouponSchema, couponCodeSchema, validateCouponBodySchema } from './festivals.ts';

export const MAX_CART_LINES = 50;

export const cartItemInputSchema = z.object({
  productId: serialId('productId must be a product id', { digits: false }),
  size: text({ error: 'size must be text' }).trim().min(1, { error: 'size is required' }).max(40, { error: 'size is too long' }),
  quantity: z
    .number({ error: 'quantity must be a number' })
    .int({ error: 'quantity must be a whole number' })
    .min(1, { error: 'quantity must be at least 1' })
    .max(MAX_LINE_QUANTITY, { error: `quantity must be at most ${MAX_LINE_QUANTITY}` }),
});
export type CartItemInput = z.infer<typeof cartItemInputSchema>;

export const cartQuoteBodySchema = z.object({
  items: z
    .array(cartItemInputSchema, { error: 'items must be a list' })
    .max(MAX_CART_LINES, { error: `A cart holds at most ${MAX_CART_LINES} lines` }),
  couponCode: couponCodeSchema.optional(),
  /** The checkout's "gift wrap" box: the quote then bills the wrap, as the payment order will. */
  giftWrap: z.boolean({ error: 'giftWrap must be true or false' }).optional(),
});

/**
 * The coupon box's check: a festival or personal coupon needs only the order amount; a promotion's code is weighed
 * against the basket itself (what it contains, who buys), so the cart sends its lines too.
 */
export const validateCodeBodySchema = validateCouponBodySchema.extend({
  items: cartQuoteBodySchema.shape.items.optional(),
});
export type ValidateCodeBody = z.infer<typeof validateCodeBodySchema>;

export const LINE_PROBLEMS = ['unknown-product', 'unknown-size', 'out-of-stock', 'insufficient-stock'] as const;
export type LineProblem = (typeof LINE_PROBLEMS)[number];

export const quotedLineSchema = z.object({
  productId: z.number().int(),
  size: text(),
  quantity: z.number().int(),
  name: text().nullable(),
  slug: text().nullable(),
  image: text().nullable(),
  unitPrice: z.number(),
  lineTotal: z.number(),
  inStock: z.boolean(),
  availableQuantity: z.number().int(),
  problem: z.enum(LINE_PROBLEMS).nullable(),
});
export type QuotedLine = z.infer<typeof quotedLineSchema>;

export const cartQuoteResponseSchema = z.object({
  success: z.literal(true),
  lines: z.array(quotedLineSchema),
  itemCount: z.number().int(),
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  total: z.number(),
  coupon: appliedCouponSchema.nullable(),
  /** The bill's offers taken off (`discount` in all) and charges added, by label. */
  adjustments: z.array(billPartSchema),
  charges: z.array(billPartSchema),
  /** The GST inside the total, as the tax invoice will split it ("Includes GST"). */
  includedGst: z.number(),
  couponMessage: text().nullable(),
  /** Free gifts the shop's offers add to this basket, each its own line at no cost. */
  gifts: z.array(z.object({ productId: z.number().int(), size: text(), quantity: z.number().int(), name: text(), image: text().nullable(), label: text() })),
  /** The nearest offer the basket does not reach yet, in words: 'Add ₹350 more for a free Moon Dust (2ml)'. */
  nextOffer: text().nullable(),
  /** True when every line can be bought as it stands. */
  purchasable: z.boolean(),
  /** What gift wrap adds to the order, in rupees, for the checkout's gift option to name before it is ticked. */
  giftWrapPrice: z.number(),
});
export type CartQuote = z.infer<typeof cartQuoteResponseSchema>;
