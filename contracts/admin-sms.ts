import { z } from 'zod';
import { text } from './fields.ts';
import { messageListQuerySchema } from './admin-messages.ts';
import { paginationSchema } from './products.ts';

export const SMS_STATUS_LABELS = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  kept: 'Kept (no SMS provider)',
  failed: 'Failed, will retry',
  dead: 'Dead',
} as const;
export type SmsStatus = keyof typeof SMS_STATUS_LABELS;

export const smsListQuerySchema = messageListQuerySchema;

export const smsSummarySchema = z.object({
  id: text(),
  to: text(),
  template: text(),
  /** The words the recipient reads; a sign-in code is hidden unless the text was only kept. */
  body: text(),
  status: z.enum(Object.keys(SMS_STATUS_LABELS) as [SmsStatus, ...SmsStatus[]]),
  attempts: z.number().int(),
  lastError: text().nullable(),
  providerReference: text().nullable(),
  createdAt: text(),
  sentAt: text().nullable(),
});
export type SmsSummary = z.infer<typeof smsSummarySchema>;

export const smsListResponseSchema = z.object({ success: z.literal(true), texts: z.array(smsSummarySchema), pagination: paginationSchema });
export type SmsListResponse = z.infer<typeof smsListResponseSchema>;
