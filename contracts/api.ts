import { z } from 'zod';

/** Every failure the API sends has this shape; 400s add the fields that were wrong. */
export const apiErrorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
export type FieldError = NonNullable<ApiError['errors']>[number];
