import { z } from 'zod';
import { text } from './fields.ts';
import { cartItemInputSchema, MAX_CART_LINES } from './cart.ts';
import { messageListQuerySchema } from './admin-messages.ts';
import { paginationSchema } from './products.ts';
import { REMINDER_STEPS } from '../domain/cart-recovery.ts';

/** The signed-in shopper's cart as the browser holds it: replaces (PUT) or merges with (POST /merge) the server's copy. */
export const keptCartBodySchema = z.object({
  items: z.array(cartItemInputSchema, { error: 'items must be a list' }).max(MAX_CART_LINES, { error: `A cart holds at most ${MAX_CART_LINES} lines` }),
});

/** One line as the browser's cart needs it to show: today's name, picture and unit price (rupees). */
export const keptCartLineSchema = z.object({
  productId: z.number().int(),
  size: text(),
  quantity: z.number().int(),
  name: text(),
  slug: text(),
  image: text(),
  unitPrice: z.number(),
});
export type KeptCartItem = z.infer<typeof keptCartLineSchema>;

export const keptCartResponseSchema = z.object({ success: z.literal(true), items: z.array(keptCartLineSchema) });
export type KeptCartResponse = z.infer<typeof keptCartResponseSchema>;

/** A reminder e-mail's restore link carries this token (43 characters of base64url). */
export const cartRestoreBodySchema = z.object({
  token: text({ error: 'token must be text' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'token is not a cart link' }),
});

export const recoveryWeekSchema = z.object({
  /** Monday of the week, shop time, YYYY-MM-DD. */
  weekStart: text(),
  reminded: z.number().int(),
  opened: z.number().int(),
  recovered: z.number().int(),
  /** Rupees: the totals of the orders the reminders brought back. */
  revenue: z.number(),
});
export type RecoveryWeek = z.infer<typeof recoveryWeekSchema>;

export const recoveredOrderSchema = z.object({
  orderId: text(),
  orderNumber: text(),
  total: z.number(),
  placedAt: text(),
  step: z.enum(REMINDER_STEPS),
  cause: z.enum(['cart', 'checkout']),
  remindedAt: text(),
  openedAt: text().nullable(),
  promotionCode: text().nullable(),
});
export type RecoveredOrder = z.infer<typeof recoveredOrderSchema>;

export const recoveryReportQuerySchema = messageListQuerySchema;

export const recoveryReportResponseSchema = z.object({
  success: z.literal(true),
  weeks: z.array(recoveryWeekSchema),
  orders: z.array(recoveredOrderSchema),
  pagination: paginationSchema,
  /** The settings in force, for the page to say what is sent when. */
  settings: z.object({
    first: z.object({ enabled: z.boolean(), delayMinutes: z.number().int() }),
    second: z.object({ enabled: z.boolean(), delayHours: z.number().int(), promotionCode: text().nullable() }),
  }),
});
export type RecoveryReportResponse = z.infer<typeof recoveryReportResponseSchema>;
