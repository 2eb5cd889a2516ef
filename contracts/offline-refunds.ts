import { z } from 'zod';
import { checkRefundReference, normaliseUpiId, OFFLINE_REFUND_METHODS, UPI_ID_HINT } from '../domain/offline-refunds.ts';
import { parsedBy, serialId, text } from './fields.ts';
import { orderSchema } from './orders.ts';

/**
 * Refunds of cash collected on delivery, which the shop transfers (domain/offline-refunds.ts).
 * `POST /api/admin/offline-refunds/:refundId/paid`: an admin records the transfer that paid it.
 */
export const offlineRefundParamsSchema = z.object({ refundId: serialId('refundId must be a refund number') });

export const recordOfflineRefundBodySchema = z
  .object({
    method: z.enum(OFFLINE_REFUND_METHODS, { error: 'method must be upi or bank_transfer' }),
    reference: text({ error: 'reference (the UTR) is required' }).max(40, { error: 'reference must be at most 40 characters' }),
    /** The shop day the money was sent, YYYY-MM-DD (checked against the refund and today by the service). */
    paidOn: text({ error: 'paidOn is required' }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'paidOn must be a date (YYYY-MM-DD)' }),
  })
  .transform((body, context) => {
    const checked = checkRefundReference(body.method, body.reference);
    if (!checked.ok) {
      context.addIssue({ code: 'custom', path: ['reference'], message: checked.message });
      return z.NEVER;
    }
    return { ...body, reference: checked.reference };
  });
export type RecordOfflineRefundBody = z.infer<typeof recordOfflineRefundBodySchema>;

/** `PUT /api/orders/:orderId/refund-upi`: the customer's UPI ID for the refund the shop owes them. */
export const refundUpiBodySchema = z.object({
  upiId: text({ error: 'upiId is required' })
    .max(320, { error: 'upiId must be at most 320 characters' })
    .transform(parsedBy(normaliseUpiId, UPI_ID_HINT)),
});
export type RefundUpiBody = z.infer<typeof refundUpiBodySchema>;

export const offlineRefundResponseSchema = z.object({ success: z.literal(true), message: text(), order: orderSchema });
