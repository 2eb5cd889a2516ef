import { z } from 'zod';

/** Every failure the API sends has this shape; 400s add the fields that were wrong. */
export const apiErrorSchema = z
  .object({
    success: z.literal(false),
    message: z.string(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'ApiError', description: 'The request failed: the message says why, and a 400 lists the fields that were wrong.' });
export type ApiError = z.infer<typeof apiErrorSchema>;
export type FieldError = NonNullable<ApiError['errors']>[number];

/** The answer of a write that has nothing to return but what happened. */
export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
