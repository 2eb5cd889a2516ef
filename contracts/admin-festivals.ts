import { z } from 'zod';
import { serialId, text } from './fields.ts';
import { COUPON_CODE_MAX, festivalSchema } from './festivals.ts';

const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value);
const hexColour = (field: string) => text().regex(/^#[0-9a-fA-F]{6}$/, { error: `${field} must be a colour like #1a1a1a` });
const linkOrPath = (field: string) =>
  text({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(2000, { error: `${field} is too long` })
    .refine((value) => value.startsWith('/') || /^https?:\/\/\S+$/.test(value), { error: `${field} must be a web address or a path starting with /` });
const dateTime = (field: string) =>
  text({ error: `${field} is required` })
    .min(1, { error: `${field} is required` })
    .refine((value) => !Number.isNaN(Date.parse(value)), { error: `${field} must be a date` })
    .transform((value) => new Date(value));

/** The festival form (back office section 5), enforced on the server. */
export const festivalInputSchema = z
  .object({
    name: text({ error: 'name is required' }).trim().min(1, { error: 'name is required' }).max(120, { error: 'name must be at most 120 characters' }),
    description: text({ error: 'description is required' })
      .trim()
      .min(1, { error: 'description is required' })
      .max(1000, { error: 'description must be at most 1000 characters' }),
    bannerImage: linkOrPath('bannerImage'),
    startDate: dateTime('startDate'),
    endDate: dateTime('endDate'),
    priority: z.number({ error: 'priority must be a number from 1 to 10' }).int({ error: 'priority must be a whole number' }).min(1, { error: 'priority must be from 1 to 10' }).max(10, { error: 'priority must be from 1 to 10' }).default(1),
    festivalCode: z.preprocess(
      blankToNull,
      text({ error: 'festivalCode must be text' })
        .trim()
        .max(COUPON_CODE_MAX, { error: `festivalCode must be at most ${COUPON_CODE_MAX} characters` })
        .regex(/^[A-Za-z0-9_-]+$/, { error: 'festivalCode may contain only letters, digits, - and _' })
        .transform((code) => code.toUpperCase())
        .nullable(),
    ),
    couponType: z.enum(['percentage', 'fixed'], { error: 'couponType must be percentage or fixed' }).default('percentage'),
    discountPercentage: z.number({ error: 'discountPercentage must be a number' }).min(0, { error: 'discountPercentage must be 0 or more' }).max(1_000_000, { error: 'discountPercentage is too large' }).default(0),
    minimumOrderAmount: z.number({ error: 'minimumOrderAmount must be a number' }).min(0, { error: 'minimumOrderAmount must be 0 or more' }).max(10_000_000, { error: 'minimumOrderAmount is too large' }).default(0),
    maxDiscountAmount: z.preprocess(
      blankToNull,
      z.number({ error: 'maxDiscountAmount must be a number' }).min(0, { error: 'maxDiscountAmount must be 0 or more' }).max(10_000_000, { error: 'maxDiscountAmount is too large' }).nullable(),
    ),
    usageLimit: z.preprocess(
      blankToNull,
      z.number({ error: 'usageLimit must be a number' }).int({ error: 'usageLimit must be a whole number' }).min(1, { error: 'usageLimit must be at least 1, or empty for unlimited' }).max(10_000_000, { error: 'usageLimit is too large' }).nullable(),
    ),
    backgroundColor: hexColour('backgroundColor').default('#1a1a1a'),
    textColor: hexColour('textColor').default('#ffffff'),
    ctaText: text().trim().min(1, { error: 'ctaText is required' }).max(40, { error: 'ctaText must be at most 40 characters' }).default('Shop Now'),
    ctaLink: linkOrPath('ctaLink').default('/products'),
    isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
    /** On an edit, the version the screen read: an edit made on an older copy is refused (409 on `version`). */
    version: z.number({ error: 'version must be a number' }).int({ error: 'version must be a whole number' }).min(1, { error: 'version must be at least 1' }).optional(),
  })
  .superRefine((festival, context) => {
    if (festival.endDate <= festival.startDate) {
      context.addIssue({ code: 'custom', path: ['endDate'], message: 'endDate must be after startDate' });
    }
    if (festival.couponType === 'percentage' && festival.discountPercentage > 100) {
      context.addIssue({ code: 'custom', path: ['discountPercentage'], message: 'discountPercentage must be at most 100 for a percentage coupon' });
    }
  });
export type FestivalInput = z.infer<typeof festivalInputSchema>;

export const festivalIdParamsSchema = z.object({
  id: serialId('id must be a festival id'),
});

/**
 * A festival in the back office: whether it shows on the storefront now, when it was made, and the version of its
 * coupon's promotion, which an edit sends back.
 */
export const adminFestivalSchema = festivalSchema.extend({ isLive: z.boolean(), createdAt: text(), version: z.number().int() });
export type AdminFestival = z.infer<typeof adminFestivalSchema>;

export const adminFestivalsResponseSchema = z.object({ success: z.literal(true), festivals: z.array(adminFestivalSchema) });
export const adminFestivalResponseSchema = z.object({ success: z.literal(true), message: text(), festival: adminFestivalSchema });
