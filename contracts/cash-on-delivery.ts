/**
 * Cash on delivery: what the checkout, the order pages, the confirmation link and the back office exchange.
 * Amounts are rupees, as in every other contract; the server keeps paise.
 */
import { z } from 'zod';
import { text } from './fields.ts';
import { orderSchema } from './orders.ts';

/**
 * `POST /api/payments/cod/eligibility` takes the body of `create-payment-order` (createPaymentOrderBodySchema)
 * and answers whether the order may be paid on delivery, and if not, why (the checkout shows the reason).
 */
export const codEligibilityResponseSchema = z.object({
  success: z.literal(true),
  available: z.boolean(),
  /** Why cash on delivery is not offered, in the words the shopper reads; null when it is. */
  reason: text().nullable(),
  /** The 'Cash on Delivery fee' line of the PIN code's zone (0 where the zone charges none). */
  codFee: z.number(),
  /**
   * The order's total paid on delivery: the server's total for the basket plus the fee. Gift cards and store credit
   * sent with the order pay part of it and the courier collects the rest; COD_MAX_ORDER bounds this whole total.
   */
  total: z.number(),
  /** The GST inside that total, the fee's share included ("Includes GST"). */
  includedGst: z.number(),
});
export type CodEligibilityResponse = z.infer<typeof codEligibilityResponseSchema>;

/** `POST /api/payments/cod/place-order` takes the body of `create-payment-order` and answers 201. */
export const codPlaceOrderResponseSchema = z.object({ success: z.literal(true), order: orderSchema });
export type CodPlaceOrderResponse = z.infer<typeof codPlaceOrderResponseSchema>;

/**
 * `POST /api/orders/:orderId/confirm-cod`: the signed-in owner sends no body; the link in the e-mail sends its
 * token (the page at `/confirm-cod?order=<orderNumber>&token=<token>` posts it, so a link scanner confirms nothing).
 */
export const confirmCodBodySchema = z.object({
  token: text({ error: 'token must be text' }).trim().min(1, { error: 'token is required' }).max(200, { error: 'token is not valid' }).optional(),
});
export const confirmCodResponseSchema = z.object({
  success: z.literal(true),
  orderNumber: text(),
  confirmedAt: text(),
});
export type ConfirmCodResponse = z.infer<typeof confirmCodResponseSchema>;

/** `POST /api/admin/orders/:orderId/rto`: the parcel came back to the shop unopened ('Returned to origin'). */
export const codReturnToOriginBodySchema = z.object({
  note: text().trim().max(500, { error: 'note must be at most 500 characters' }).optional(),
});
/** `POST /api/admin/orders/:orderId/cod-collected` takes no body. Both answer `{ success, order }`. */
export const codAdminActionResponseSchema = z.object({ success: z.literal(true), order: orderSchema });
