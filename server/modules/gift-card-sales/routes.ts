import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderIdParamsSchema } from '../../../contracts/orders.ts';
import { orderGiftCardsResponseSchema } from '../../../contracts/gift-card-sales.ts';
import { requireCustomer } from '../accounts/auth-plugin.ts';
import type { OrderService } from '../orders/order-service.ts';
import type { GiftCardSaleService } from './gift-card-sale-service.ts';

/** The gift cards an order bought, for whoever may see the order: last four and delivery status, never a code. */
export const giftCardSaleRoutes =
  (service: GiftCardSaleService, orders: Pick<OrderService, 'findFor'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/orders/:orderId/gift-cards', { onRequest: requireCustomer, schema: { params: orderIdParamsSchema, response: { 200: orderGiftCardsResponseSchema } } }, async (request) => {
      const order = await orders.findFor(request.user!, request.params.orderId);
      return { success: true as const, giftCards: await service.forOrder(order.id) };
    });
  };
