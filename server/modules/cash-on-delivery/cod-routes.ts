import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  codAdminActionResponseSchema,
  codEligibilityResponseSchema,
  codPlaceOrderResponseSchema,
  codReturnToOriginBodySchema,
  confirmCodBodySchema,
  confirmCodResponseSchema,
} from '../../../contracts/cash-on-delivery.ts';
import { orderIdParamsSchema } from '../../../contracts/orders.ts';
import { createPaymentOrderBodySchema } from '../../../contracts/payments.ts';
import type { KeyLimit } from '../../http/address-limit.ts';
import { requireCustomer, requirePermission } from '../accounts/auth-plugin.ts';
import type { OrderSources } from '../analytics/order-sources.ts';
import type { CodService } from './cod-service.ts';
import type { OrderService } from '../orders/order-service.ts';

/** A body that may be left out altogether (Fastify then has null): read as `{}`. */
const optionalBody = <Schema extends z.ZodType>(schema: Schema) => z.preprocess((body) => body ?? {}, schema);

export interface CodRouteDeps {
  cod: CodService;
  orders: OrderService;
  /** The allowance create-payment-order counts against: an order at the door is an order attempt too. */
  paymentOrderLimit: KeyLimit;
  /** Gift card codes one account and one address may try, counted as create-payment-order counts them. */
  giftCardTries?: (userId: string, address: string) => Promise<void>;
  /** Keeps the campaign or site that brought the order, from the browser's touch cookie. */
  orderSources?: Pick<OrderSources, 'recordPlacedOrder'>;
}

/** Cash on delivery: the checkout's question and order, the customer's confirmation, and the back office's two outcomes. */
export const codRoutes =
  (deps: CodRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const perCustomer = async (request: { user?: { id: string } | null }) => deps.paymentOrderLimit(request.user!.id);
    // Gift card codes typed for an order at the door count against the code-guessing limits as an online one's do.
    const placing = async (request: { user?: { id: string } | null; ip: string; body: { giftCardCodes?: string[] } }) => {
      await perCustomer(request);
      if (request.body.giftCardCodes?.length && deps.giftCardTries) await deps.giftCardTries(request.user!.id, request.ip);
    };

    app.post(
      '/payments/cod/eligibility',
      { onRequest: requireCustomer, schema: { body: createPaymentOrderBodySchema, response: { 200: codEligibilityResponseSchema } } },
      async (request) => deps.cod.eligibility(request.user!.id, request.body),
    );

    app.post(
      '/payments/cod/place-order',
      { onRequest: requireCustomer, schema: { body: createPaymentOrderBodySchema, response: { 201: codPlaceOrderResponseSchema } }, preHandler: placing },
      async (request, reply) => {
        const orderId = await deps.cod.placeOrder(request.user!.id, request.body);
        await deps.orderSources?.recordPlacedOrder(orderId, request.headers).catch((error: unknown) => request.log.warn({ err: error }, 'order sources not recorded'));
        reply.code(201);
        return { success: true as const, order: await deps.orders.findFor(request.user!, orderId) };
      },
    );

    // Open to the signed-out holder of the e-mail's link: the token is what proves the order is theirs.
    app.post(
      '/orders/:orderId/confirm-cod',
      { schema: { params: orderIdParamsSchema, body: optionalBody(confirmCodBodySchema), response: { 200: confirmCodResponseSchema } } },
      async (request) => deps.cod.confirm(request.user ?? null, request.params.orderId, request.body.token),
    );

    // Under /api/admin: admins only.
    app.post('/admin/orders/:orderId/cod-collected', { onRequest: requirePermission('orders.fulfil'), schema: { params: orderIdParamsSchema, response: { 200: codAdminActionResponseSchema } } }, async (request) => {
      const orderId = await deps.cod.markCollected(request.user!, request.params.orderId);
      return { success: true as const, order: await deps.orders.findFor(request.user!, orderId) };
    });

    app.post(
      '/admin/orders/:orderId/rto',
      { onRequest: requirePermission('orders.fulfil'), schema: { params: orderIdParamsSchema, body: optionalBody(codReturnToOriginBodySchema), response: { 200: codAdminActionResponseSchema } } },
      async (request) => {
        const orderId = await deps.cod.returnedToOrigin(request.user!, request.params.orderId, request.body.note);
        return { success: true as const, order: await deps.orders.findFor(request.user!, orderId) };
      },
    );
  };
