import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderIdParamsSchema } from '../../../contracts/orders.ts';
import {
  adminReturnListQuerySchema,
  adminReturnListResponseSchema,
  orderReturnsResponseSchema,
  returnActionBodySchema,
  returnIdParamsSchema,
  returnRequestBodySchema,
  returnResponseSchema,
} from '../../../contracts/returns.ts';
import { RETURN_ACTION_PERMISSION } from '../../../domain/staff-roles.ts';
import { assertPermission, requireCustomer, requireOneOf, requirePermission } from '../accounts/auth-plugin.ts';
import type { ReturnRefundLimit } from '../staff/refund-limit.ts';
import type { ReturnService } from './return-service.ts';

/** A customer's returns of a delivered order, and the back office's Returns queue (under /api/admin: admins only). */
export const returnRoutes =
  (service: ReturnService, refundLimit: ReturnRefundLimit = async () => undefined): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/orders/:orderId/returns', { onRequest: requireCustomer, schema: { params: orderIdParamsSchema, body: returnRequestBodySchema, response: { 201: returnResponseSchema } } }, async (request, reply) => {
      const created = await service.request(request.user!, request.params.orderId, request.body);
      return reply.status(201).send({ success: true as const, message: 'Return requested: we will reply within 2 working days', return: created });
    });

    app.get('/orders/:orderId/returns', { onRequest: requireCustomer, schema: { params: orderIdParamsSchema, response: { 200: orderReturnsResponseSchema } } }, async (request) => ({
      success: true as const,
      returns: await service.forOrder(request.user!, request.params.orderId),
    }));

    app.get('/admin/returns', { onRequest: requirePermission('orders.read'), schema: { querystring: adminReturnListQuerySchema, response: { 200: adminReturnListResponseSchema } } }, async (request) => ({ success: true as const, ...(await service.adminList(request.query)) }));

    app.put('/admin/returns/:id', { onRequest: requireOneOf('returns.approve', 'returns.receive', 'orders.refund'), schema: { params: returnIdParamsSchema, body: returnActionBodySchema, response: { 200: returnResponseSchema } } }, async (request) => {
      assertPermission(request, RETURN_ACTION_PERMISSION[request.body.action]);
      await refundLimit(request, request.params.id, request.body.action);
      const updated = await service.act(request.user!, request.params.id, request.body);
      return { success: true as const, message: `Return ${updated.id} for order ${updated.orderNumber}: ${updated.statusName}`, return: updated };
    });
  };
