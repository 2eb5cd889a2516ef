import { z } from 'zod';
import { MAX_RETURN_PHOTOS, RETURN_ACTIONS, RETURN_REASONS, RETURN_STATUSES, type ReturnStatus } from '../domain/returns.ts';
import { serialId, text } from './fields.ts';
import { offlineRefundSchema } from './orders.ts';

/** A photo the customer uploaded through POST /api/uploads/return-photos: only the shop's own re-encoded files. */
const PHOTO_URL = /^\/uploads\/[a-f0-9]{32}\.(png|jpg|webp)$/;

export const returnRequestBodySchema = z.object({
  lines: z
    .array(
      z.object({
        orderItemId: serialId('orderItemId must be a line of the order', { digits: false }),
        quantity: z.number({ error: 'quantity must be a whole number' }).int({ error: 'quantity must be a whole number' }).min(1, { error: 'quantity must be at least 1' }).max(1000, { error: 'quantity is too large' }),
      }),
      { error: 'lines must list the order lines to return' },
    )
    .min(1, { error: 'Choose at least one potion to return' })
    .max(100, { error: 'lines must have at most 100 entries' }),
  reason: z.enum(RETURN_REASONS, { error: `reason must be one of ${RETURN_REASONS.join(', ')}` }),
  note: text().trim().max(1000, { error: 'note must be at most 1000 characters' }).optional(),
  photos: z
    .array(text().regex(PHOTO_URL, { error: 'photos must be pictures uploaded for this return' }))
    .max(MAX_RETURN_PHOTOS, { error: `At most ${MAX_RETURN_PHOTOS} photos` })
    .optional(),
  /** 'Refund to store credit instantly' instead of back to the card or bank ('original', the default). */
  refundTo: z.enum(['original', 'store-credit'], { error: 'refundTo must be original or store-credit' }).optional(),
});
export type ReturnRequestBody = z.infer<typeof returnRequestBodySchema>;

export const returnIdParamsSchema = z.object({ id: serialId('id must be a return number') });

export const returnActionBodySchema = z
  .object({
    action: z.enum(RETURN_ACTIONS, { error: `action must be one of ${RETURN_ACTIONS.join(', ')}` }),
    /** On receive: true puts the units back on the shelf, false writes them off as damaged. Default true. */
    restock: z.boolean({ error: 'restock must be true or false' }).optional(),
    /** Pickup instructions on approve, the reason on reject (required), a remark on receive. */
    note: text().trim().max(1000, { error: 'note must be at most 1000 characters' }).optional(),
  })
  .refine((body) => body.action !== 'reject' || !!body.note, { error: 'Give the customer a reason for the rejection', path: ['note'] });
export type ReturnActionBody = z.infer<typeof returnActionBodySchema>;

export const adminReturnListQuerySchema = z.object({
  status: z.enum([...RETURN_STATUSES, 'all'], { error: `status must be one of ${RETURN_STATUSES.join(', ')} or all` }).default('all'),
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, { error: 'page must be at least 1' }).default(1),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(100, { error: 'limit must be at most 100' }).default(20),
});
export type AdminReturnListQuery = z.infer<typeof adminReturnListQuerySchema>;

export const orderReturnSchema = z.object({
  id: z.number().int(),
  orderId: z.string(),
  orderNumber: z.string(),
  customerName: z.string(),
  status: z.enum(RETURN_STATUSES),
  /** 'Requested', 'Approved — awaiting pickup', 'Rejected', 'Refunded'. */
  statusName: z.string(),
  reason: z.enum(RETURN_REASONS),
  reasonName: z.string(),
  note: z.string().nullable(),
  photos: z.array(z.string()),
  lines: z.array(z.object({ orderItemId: z.number().int(), name: z.string(), size: z.string(), quantity: z.number().int() })),
  /** Rupees: what the returned lines give back (their share, discount prorated). */
  refundAmount: z.number(),
  restocked: z.boolean().nullable(),
  adminNote: z.string().nullable(),
  refundId: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** Where the money paid goes: back the way it came, or onto the customer's store credit. */
  refundTo: z.enum(['original', 'store-credit']),
  /** An order paid in cash on delivery: the refund the shop transfers for this return, and the customer's UPI ID for it. */
  offlineRefund: offlineRefundSchema.nullable(),
  /** The order was paid in cash on delivery: its refund is transferred by the shop, not sent back through a provider. */
  refundByTransfer: z.boolean(),
  refundUpiId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderReturn = z.infer<typeof orderReturnSchema>;

export const returnResponseSchema = z.object({ success: z.literal(true), message: z.string(), return: orderReturnSchema });
export const orderReturnsResponseSchema = z.object({ success: z.literal(true), returns: z.array(orderReturnSchema) });
export const adminReturnListResponseSchema = z.object({
  success: z.literal(true),
  returns: z.array(orderReturnSchema),
  /** How many returns are in each status, and in all. */
  counts: z.object({ all: z.number().int(), ...Object.fromEntries(RETURN_STATUSES.map((status) => [status, z.number().int()])) } as Record<ReturnStatus | 'all', z.ZodNumber>),
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), pages: z.number().int() }),
});
