import { z } from 'zod';
import { text } from './fields.ts';

/** A festival as the API shows it: rupees and percents, as the storefront has always read them. */
export const festivalSchema = z.object({
  _id: text(),
  id: z.number().int(),
  name: text(),
  description: text(),
  festivalCode: text().nullable(),
  couponType: z.enum(['percentage', 'fixed']),
  /** The percent for a percentage coupon, the rupee amount for a fixed one. */
  discountPercentage: z.number(),
  maxDiscountAmount: z.number().nullable(),
  minimumOrderAmount: z.number(),
  usageLimit: z.number().int().nullable(),
  usedCount: z.number().int(),
  startDate: text(),
  endDate: text(),
  priority: z.number().int(),
  bannerImage: text().nullable(),
  backgroundColor: text(),
  textColor: text(),
  ctaText: text(),
  ctaLink: text(),
  isActive: z.boolean(),
});
export type Festival = z.infer<typeof festivalSchema>;

export const activeFestivalsResponseSchema = z.object({ success: z.literal(true), festivals: z.array(festivalSchema) });

export const COUPON_CODE_MAX = 30;

export const couponCodeSchema = text({ error: 'couponCode must be text' })
  .trim()
  .min(1, { error: 'Please enter a coupon code' })
  .max(COUPON_CODE_MAX, { error: `couponCode must be at most ${COUPON_CODE_MAX} characters` })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'couponCode may contain only letters, digits, - and _' })
  .transform((code) => code.toUpperCase());

export const validateCouponBodySchema = z.object({
  couponCode: couponCodeSchema,
  orderAmount: z
    .number({ error: 'orderAmount must be a number of rupees' })
    .min(0, { error: 'orderAmount must be 0 or more' })
    .max(10_000_000, { error: 'orderAmount is too large' }),
});

export const appliedCouponSchema = z.object({
  code: text(),
  name: text(),
  discountAmount: z.number(),
  discountPercentage: z.number(),
  couponType: z.enum(['percentage', 'fixed']),
  minimumOrderAmount: z.number(),
  maxDiscountAmount: z.number().nullable(),
  /** 'offer' when the code is a promotion's: its rules are weighed by the server only, so the cart shows the server's bill. */
  kind: z.enum(['coupon', 'offer']).optional(),
});
export type AppliedCouponDto = z.infer<typeof appliedCouponSchema>;

export const validateCouponResponseSchema = z.object({
  success: z.literal(true),
  coupon: appliedCouponSchema,
  message: text(),
});
