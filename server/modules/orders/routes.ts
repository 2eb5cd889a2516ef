import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderIdParamsSchema, orderListResponseSchema, orderResponseSchema } from '../../../contracts/orders.ts';
import { HttpError } from '../../http/errors.ts';
import { requireCustomer } from '../accounts/auth-plugin.ts';
import type { OrderService } from './order-service.ts';

/** A customer's own orders. */
export const orderRoutes =
  (service: OrderService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/orders/mine', { onRequest: requireCustomer, schema: { response: { 200: orderListResponseSchema } } }, async (request) => ({ success: true as const, orders: await service.mine(request.user!.id) }));

    app.get(
      '/orders/customer/:email',
      { onRequest: requireCustomer, schema: { params: z.object({ email: z.string().trim().toLowerCase().max(254) }), response: { 200: orderListResponseSchema } } },
      async (request) => {
        if (request.params.email !== request.user!.email.toLowerCase()) throw new HttpError(403, 'You can only see your own orders');
        return { success: true as const, orders: await service.mine(request.user!.id) };
      },
    );

    app.get('/orders/:orderId', { onRequest: requireCustomer, schema: { params: orderIdParamsSchema, response: { 200: orderResponseSchema } } }, async (request) => ({
      success: true as const,
      order: await service.findFor(request.user!, request.params.orderId),
    }));
  };
