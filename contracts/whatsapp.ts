import { z } from 'zod';
import { text } from './fields.ts';
import { messageListQuerySchema } from './admin-messages.ts';
import { paginationSchema } from './products.ts';

export const WHATSAPP_STATUS_LABELS = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed, will retry',
  unconfirmed: 'No answer, awaiting status',
  dead: 'Dead',
  undelivered: 'Not delivered',
} as const;
export type WhatsAppStatusName = keyof typeof WHATSAPP_STATUS_LABELS;

export const whatsappListQuerySchema = messageListQuerySchema;

export const whatsappSummarySchema = z.object({
  id: text(),
  to: text(),
  template: text(),
  /** The words the recipient reads, as the approved template renders them. */
  body: text(),
  buttons: z.array(text()),
  status: z.enum(Object.keys(WHATSAPP_STATUS_LABELS) as [WhatsAppStatusName, ...WhatsAppStatusName[]]),
  attempts: z.number().int(),
  lastError: text().nullable(),
  providerMessageId: text().nullable(),
  orderNumber: text().nullable(),
  createdAt: text(),
  sentAt: text().nullable(),
  deliveredAt: text().nullable(),
  readAt: text().nullable(),
});
export type WhatsAppSummary = z.infer<typeof whatsappSummarySchema>;

export const whatsappListResponseSchema = z.object({
  success: z.literal(true),
  /** Whether the shop has WhatsApp set up; when not, nothing is sent and the list stays empty. */
  enabled: z.boolean(),
  /** 'unhealthy' when Meta last refused the access token and nothing has been sent since. */
  health: z.enum(['off', 'healthy', 'unhealthy']),
  messages: z.array(whatsappSummarySchema),
  pagination: paginationSchema,
});
export type WhatsAppListResponse = z.infer<typeof whatsappListResponseSchema>;

export const whatsappTemplatePreviewSchema = z.object({
  name: text(),
  language: text(),
  category: z.enum(['UTILITY', 'MARKETING']),
  /** The body exactly as approved, with {{1}}, {{2}}… */
  approvedText: text(),
  variables: z.array(text()),
  buttons: z.array(text()),
  /** The body with the sample values: what a shopper reads. */
  preview: text(),
});
export const whatsappTemplatesResponseSchema = z.object({ success: z.literal(true), templates: z.array(whatsappTemplatePreviewSchema) });
export type WhatsAppTemplatesResponse = z.infer<typeof whatsappTemplatesResponseSchema>;

/** Profile → Settings: order updates on WhatsApp (off until the customer ticks it). */
export const whatsappPreferenceSchema = z.object({
  success: z.literal(true),
  /** Whether the shop offers WhatsApp updates at all. */
  available: z.boolean(),
  optedIn: z.boolean(),
  phone: text().nullable(),
  changedAt: text().nullable(),
});
export type WhatsAppPreferenceResponse = z.infer<typeof whatsappPreferenceSchema>;

export const whatsappPreferenceBodySchema = z.object({
  optedIn: z.boolean({ error: 'optedIn must be true or false' }),
  phone: text({ error: 'phone must be text' }).max(20, { error: 'phone must be at most 20 characters' }).optional(),
  /** Where the box was ticked, for the consent log. */
  from: z.enum(['profile', 'checkout'], { error: 'from must be profile or checkout' }).optional(),
});
export type WhatsAppPreferenceBody = z.infer<typeof whatsappPreferenceBodySchema>;

/** Meta's subscription handshake. */
export const whatsappHandshakeQuerySchema = z.object({
  'hub.mode': text().max(50).optional(),
  'hub.verify_token': text().max(500).optional(),
  'hub.challenge': text().max(500).optional(),
});

export const whatsappWebhookResponseSchema = z.object({ success: z.literal(true), statuses: z.number().int(), messages: z.number().int(), ignored: z.number().int() });
