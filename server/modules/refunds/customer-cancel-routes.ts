import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerCancelBodySchema, orderChangeResponseSchema, orderIdParamsSchema } from '../../../contracts/orders.ts';
import { orderRefundParts, refundedText } from '../../../domain/balances.ts';
import { requireCustomer } from '../accounts/auth-plugin.ts';
import type { CustomerCancellation } from './customer-cancellation.ts';

/** The customer's own cancellation of a paid order before dispatch, with the refund where they choose. */
export const customerCancelRoutes =
  (cancellation: CustomerCancellation): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/orders/:orderId/cancel',
      // A body may be left out (Fastify then has null): the refund goes back the way the money came.
      { onRequest: requireCustomer, schema: { params: orderIdParamsSchema, body: z.preprocess((body) => body ?? {}, customerCancelBodySchema), response: { 200: orderChangeResponseSchema } } },
      async (request) => {
        const refundTo = request.body.refundTo ?? 'original';
        const order = await cancellation.cancel(request.user!, request.params.orderId, refundTo);
        // Where each part of the refund went, as made: the card's, the store credit chosen, the balances that paid.
        const message = `Order ${order.orderNumber} is cancelled. ${refundedText(orderRefundParts(order))}.`;
        return { success: true as const, message, order };
      },
    );
  };
