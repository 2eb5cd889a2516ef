import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { offlineRefundParamsSchema, offlineRefundResponseSchema, recordOfflineRefundBodySchema, refundUpiBodySchema } from '../../../contracts/offline-refunds.ts';
import { orderIdParamsSchema } from '../../../contracts/orders.ts';
import { requireCustomer, requirePermission } from '../accounts/auth-plugin.ts';
import type { OfflineRefundLimit } from '../staff/refund-limit.ts';
import type { OfflineRefunds } from './offline-refunds.ts';

/** Refunds of cash collected on delivery: the customer's UPI ID for them, and the admin's record of the transfer. */
export const offlineRefundRoutes =
  (service: OfflineRefunds, refundLimit: OfflineRefundLimit = async () => undefined): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      '/orders/:orderId/refund-upi',
      { onRequest: requireCustomer, schema: { params: orderIdParamsSchema, body: refundUpiBodySchema, response: { 200: offlineRefundResponseSchema } } },
      async (request) => {
        const order = await service.setUpiId(request.user!, request.params.orderId, request.body.upiId);
        return { success: true as const, message: `We will send your refund to ${order.refundUpiId}`, order };
      },
    );

    // Under /api/admin: admins only.
    app.post(
      '/admin/offline-refunds/:refundId/paid',
      { onRequest: requirePermission('orders.refund'), schema: { params: offlineRefundParamsSchema, body: recordOfflineRefundBodySchema, response: { 200: offlineRefundResponseSchema } } },
      async (request) => {
        await refundLimit(request, request.params.refundId);
        return { success: true as const, ...(await service.recordPaid(request.user!, request.params.refundId, request.body)) };
      },
    );
  };
