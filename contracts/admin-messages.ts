import { z } from 'zod';
import { text } from './fields.ts';
import { paginationSchema } from './products.ts';
import { ticketStatusSchema } from './grievances.ts';

const blankToUndefined = (value: unknown) => {
  const single = Array.isArray(value) ? value[value.length - 1] : value;
  if (single === undefined || single === null) return undefined;
  const text = String(single).trim();
  return text === '' ? undefined : text;
};

export const MESSAGES_PAGE_MAX = 100;

export const messageListQuerySchema = z.object({
  page: z.preprocess(blankToUndefined, z.coerce.number({ error: 'page must be a number' }).int({ error: 'page must be a whole number' }).min(1, { error: 'page must be 1 or more' }).max(100_000, { error: 'page is too large' }).default(1)),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'limit must be a number' })
      .int({ error: 'limit must be a whole number' })
      .min(1, { error: `limit must be between 1 and ${MESSAGES_PAGE_MAX}` })
      .max(MESSAGES_PAGE_MAX, { error: `limit must be between 1 and ${MESSAGES_PAGE_MAX}` })
      .default(50),
  ),
});
export type MessageListFilter = z.output<typeof messageListQuerySchema>;

export const contactMessageSchema = z.object({
  id: z.number().int(),
  ticketNumber: text(),
  status: ticketStatusSchema,
  resolutionNote: text().nullable(),
  statusChangedAt: text().nullable(),
  /** One month from receipt (E-Commerce Rules 2020, rule 4(5)). */
  redressBy: text(),
  /** Unresolved past its month: the back office highlights it. */
  overdue: z.boolean(),
  name: text(),
  email: text(),
  subject: text(),
  message: text(),
  handledAt: text().nullable(),
  createdAt: text(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactMessageUpdatedResponseSchema = z.object({ success: z.literal(true), message: text(), contactMessage: contactMessageSchema });

export const contactMessagesResponseSchema = z.object({
  success: z.literal(true),
  messages: z.array(contactMessageSchema),
  pagination: paginationSchema,
});
export type ContactMessagesResponse = z.infer<typeof contactMessagesResponseSchema>;

export const newsletterSubscriberSchema = z.object({ id: z.number().int(), email: text(), createdAt: text() });
export type NewsletterSubscriber = z.infer<typeof newsletterSubscriberSchema>;

export const newsletterSubscribersResponseSchema = z.object({
  success: z.literal(true),
  subscribers: z.array(newsletterSubscriberSchema),
  pagination: paginationSchema,
});
export type NewsletterSubscribersResponse = z.infer<typeof newsletterSubscribersResponseSchema>;
