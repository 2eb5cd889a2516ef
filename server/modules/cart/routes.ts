import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartQuoteBodySchema } from '../../../contracts/cart.ts';
import type { Database } from '../../db/client.ts';
import type { FestivalService } from '../festivals/festival-service.ts';
import { priceCart, toCartQuote } from './cart-pricing.ts';

export const cartRoutes =
  (db: Database, festivalService: FestivalService, clock: () => Date): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/cart/quote', { schema: { body: cartQuoteBodySchema } }, async (request) =>
      toCartQuote(await priceCart(db, festivalService, request.body.items, request.body.couponCode, clock(), request.user?.id)),
    );
  };
