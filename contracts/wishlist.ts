import { z } from 'zod';
import { serialId } from './fields.ts';
import { productSchema } from './products.ts';

export const wishlistProductParamsSchema = z.object({ productId: serialId('productId must be a product id') });

export const wishlistAlertsBodySchema = z.object({
  /** E-mail me when its price drops or it comes back in stock. */
  alerts: z.boolean({ error: 'alerts must be true or false' }),
});

export const wishlistEntrySchema = z.object({
  product: productSchema,
  alerts: z.boolean(),
  savedAt: z.string(),
});
export type WishlistEntry = z.infer<typeof wishlistEntrySchema>;

export const wishlistResponseSchema = z.object({ success: z.literal(true), items: z.array(wishlistEntrySchema) });
export type WishlistResponse = z.infer<typeof wishlistResponseSchema>;

export const wishlistEntryResponseSchema = z.object({ success: z.literal(true), item: wishlistEntrySchema });
