import { z } from 'zod';
import { messageListQuerySchema } from './admin-messages.ts';
import { paginationSchema } from './products.ts';

export const EMAIL_STATUS_LABELS = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  kept: 'Kept (no SMTP)',
  failed: 'Failed, will retry',
  dead: 'Dead',
} as const;
export type EmailStatus = keyof typeof EMAIL_STATUS_LABELS;

/** `page` and `limit` as every back-office list takes them. */
export const emailListQuerySchema = messageListQuerySchema;

export const emailIdParamsSchema = z.object({ id: z.uuid({ error: 'id must be an e-mail id' }) });

export const emailSummarySchema = z.object({
  id: z.string(),
  to: z.string(),
  /** Null until the message was first rendered (a queued message). */
  subject: z.string().nullable(),
  template: z.string(),
  category: z.enum(['transactional', 'security', 'marketing']),
  status: z.enum(Object.keys(EMAIL_STATUS_LABELS) as [EmailStatus, ...EmailStatus[]]),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sendAfter: z.string(),
  sentAt: z.string().nullable(),
});
export type EmailSummary = z.infer<typeof emailSummarySchema>;

export const emailListResponseSchema = z.object({ success: z.literal(true), emails: z.array(emailSummarySchema), pagination: paginationSchema });
export type EmailListResponse = z.infer<typeof emailListResponseSchema>;

export const emailDetailSchema = emailSummarySchema.extend({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  messageId: z.string(),
  smtpResponse: z.string().nullable(),
  /** True when the message was not rendered yet and this is a preview of it. */
  preview: z.boolean(),
});
export type EmailDetail = z.infer<typeof emailDetailSchema>;
export const emailDetailResponseSchema = z.object({ success: z.literal(true), email: emailDetailSchema });
export type EmailDetailResponse = z.infer<typeof emailDetailResponseSchema>;
