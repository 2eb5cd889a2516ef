import { z } from 'zod';
import { text } from './fields.ts';
import { messageResponseSchema } from './api.ts';
import { emailSchema } from './auth.ts';

export const joinWaitlistBodySchema = z.object({
  productId: z
    .number({ error: 'productId must be a number' })
    .int({ error: 'productId must be a number' })
    .positive({ error: 'productId must be a number' })
    .max(2_147_483_647, { error: 'productId is not known' }),
  email: emailSchema,
  /** The sold-out size to wait for; left out, any size of the potion. */
  size: text({ error: 'size must be text' }).trim().max(40, { error: 'size must be at most 40 characters' }).optional(),
});
export type JoinWaitlistBody = z.input<typeof joinWaitlistBodySchema>;

export const joinWaitlistResponseSchema = messageResponseSchema;
export type JoinWaitlistResponse = z.infer<typeof joinWaitlistResponseSchema>;
