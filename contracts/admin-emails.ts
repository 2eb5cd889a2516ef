import { z } from 'zod';
import { text } from './fields.ts';
import { messageListQuerySchema } from './admin-messages.ts';
import { paginationSchema } from './products.ts';

export const EMAIL_STATUS_LABELS = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  kept: 'Kept (no SMTP)',
  failed: 'Failed, will retry',
  dead: 'Dead',
  unsubscribed: 'Not sent: unsubscribed',
  withheld: 'Not sent: address over its daily limit',
} as const;
export type EmailStatus = keyof typeof EMAIL_STATUS_LABELS;

/** `page` and `limit` as every back-office list takes them. */
export const emailListQuerySchema = messageListQuerySchema;

export const emailIdParamsSchema = z.object({ id: z.uuid({ error: 'id must be an e-mail id' }) });

export const emailSummarySchema = z.object({
  id: text(),
  to: text(),
  /** Null until the message was first rendered (a queued message). */
  subject: text().nullable(),
  template: text(),
  category: z.enum(['transactional', 'security', 'marketing']),
  status: z.enum(Object.keys(EMAIL_STATUS_LABELS) as [EmailStatus, ...EmailStatus[]]),
  attempts: z.number().int(),
  lastError: text().nullable(),
  createdAt: text(),
  sendAfter: text(),
  sentAt: text().nullable(),
});
export type EmailSummary = z.infer<typeof emailSummarySchema>;

export const emailListResponseSchema = z.object({ success: z.literal(true), emails: z.array(emailSummarySchema), pagination: paginationSchema });
export type EmailListResponse = z.infer<typeof emailListResponseSchema>;

export const emailDetailSchema = emailSummarySchema.extend({
  subject: text(),
  html: text(),
  text: text(),
  messageId: text(),
  smtpResponse: text().nullable(),
  /** True when the message was not rendered yet and this is a preview of it. */
  preview: z.boolean(),
});
export type EmailDetail = z.infer<typeof emailDetailSchema>;
export const emailDetailResponseSchema = z.object({ success: z.literal(true), email: emailDetailSchema });
export type EmailDetailResponse = z.infer<typeof emailDetailResponseSchema>;
