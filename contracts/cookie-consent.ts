import { z } from 'zod';

export const cookieChoiceBodySchema = z.object({
  analytics: z.boolean({ error: 'analytics must be true or false' }),
  marketing: z.boolean({ error: 'marketing must be true or false' }),
});

export const cookieChoiceResponseSchema = z.object({
  success: z.literal(true),
  analytics: z.boolean(),
  marketing: z.boolean(),
  /** The consent cookie's value, also sent in Set-Cookie. */
  cookie: z.string(),
});
