import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartQuoteBodySchema, cartQuoteResponseSchema } from '../../../contracts/cart.ts';
import type { CartService } from './cart-service.ts';

export const cartRoutes =
  (cart: CartService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/cart/quote', { schema: { body: cartQuoteBodySchema, response: { 200: cartQuoteResponseSchema } } }, async (request) =>
      cart.quote(request.body.items, request.body.couponCode, request.user?.id, request.body.giftWrap),
    );
  };
