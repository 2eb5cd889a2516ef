import { z } from 'zod';
import { text } from './fields.ts';
import { pagingQuery } from './list-query.ts';
import { paginationSchema } from './products.ts';
import { ticketStatusSchema } from './grievances.ts';

export const MESSAGES_PAGE_MAX = 100;

export const messageListQuerySchema = z.object(pagingQuery(MESSAGES_PAGE_MAX, 50));
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
