import { z } from 'zod';
import { MAILING_LIST_NAMES } from '../domain/mailing-lists.ts';
import { text } from './fields.ts';

export const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid. Please use the link in your most recent e-mail.';

/**
 * The unsubscribe link's query, the same for the one-click POST a mail client sends (RFC 8058) and the button on
 * the /unsubscribe page: which list, which address, and the shop's signature over both.
 */
export const unsubscribeQuerySchema = z.object({
  list: z.enum(MAILING_LIST_NAMES, { error: UNSUBSCRIBE_LINK_INVALID }),
  email: text({ error: UNSUBSCRIBE_LINK_INVALID }).trim().min(3, { error: UNSUBSCRIBE_LINK_INVALID }).max(254, { error: UNSUBSCRIBE_LINK_INVALID }),
  token: text({ error: UNSUBSCRIBE_LINK_INVALID }).regex(/^[0-9a-f]{64}$/, { error: UNSUBSCRIBE_LINK_INVALID }),
});
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuerySchema>;

export const unsubscribeResponseSchema = z.object({ success: z.literal(true), message: text() });
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;
