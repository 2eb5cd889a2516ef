import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formatRupees } from '../../../domain/money.ts';
import {
  adminOrderListQuerySchema,
  adminOrderListResponseSchema,
  orderChangeResponseSchema,
  orderIdParamsSchema,
  orderResponseSchema,
  orderStatusBodySchema,
  trackingBodySchema,
} from '../../../contracts/orders.ts';
import type { OrderRefunds } from '../refunds/order-refunds.ts';
import type { OrderService } from './order-service.ts';
import { requirePermission } from '../accounts/auth-plugin.ts';
import type { RefundLimit } from '../staff/refund-limit.ts';

/** Order management; mounted under /api/admin, where every route is for admins only. */
export const orderAdminRoutes =
  (service: OrderService, refunds: OrderRefunds, refundLimit: RefundLimit = async () => undefined): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/admin/orders', { onRequest: requirePermission('orders.read'), schema: { querystring: adminOrderListQuerySchema, response: { 200: adminOrderListResponseSchema } } }, async (request) => ({ success: true as const, ...(await service.adminList(request.query)) }));

    app.get('/admin/orders/:orderId', { onRequest: requirePermission('orders.read'), schema: { params: orderIdParamsSchema, response: { 200: orderResponseSchema } } }, async (request) => ({
      success: true as const,
      order: await service.findFor(request.user!, request.params.orderId),
    }));

    app.put('/admin/orders/:orderId/status', { onRequest: requirePermission('orders.fulfil'), schema: { params: orderIdParamsSchema, body: orderStatusBodySchema, response: { 200: orderChangeResponseSchema } } }, async (request) => {
      const order = await service.changeStatus(request.user!, request.params.orderId, request.body.status, request.body.note);
      return { success: true as const, message: `Order ${order.orderNumber} status changed to ${order.status}`, order };
    });

    app.put('/admin/orders/:orderId/tracking', { onRequest: requirePermission('orders.fulfil'), schema: { params: orderIdParamsSchema, body: trackingBodySchema, response: { 200: orderChangeResponseSchema } } }, async (request) => {
      const order = await service.updateTracking(request.user!, request.params.orderId, request.body);
      return { success: true as const, message: `Tracking number ${request.body.trackingNumber} added to order ${order.orderNumber}`, order };
    });

    app.post('/admin/orders/:orderId/refund', { onRequest: requirePermission('orders.refund'), schema: { params: orderIdParamsSchema, response: { 200: orderChangeResponseSchema } } }, async (request) => {
      await refundLimit(request, (await service.findFor(request.user!, request.params.orderId)).total);
      const order = await refunds.refund(request.user!, request.params.orderId);
      return { success: true as const, message: `Refunded ${formatRupees(order.total)} for order ${order.orderNumber}`, order };
    });
  };
