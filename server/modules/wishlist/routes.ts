import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '../../../contracts/api.ts';
import { wishlistAlertsBodySchema, wishlistEntryResponseSchema, wishlistProductParamsSchema, wishlistResponseSchema } from '../../../contracts/wishlist.ts';
import { requireCustomer } from '../accounts/auth-plugin.ts';
import type { WishlistService } from './wishlist-service.ts';

export const wishlistRoutes =
  (wishlist: WishlistService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/wishlist', { onRequest: requireCustomer, schema: { response: { 200: wishlistResponseSchema } } }, async (request) => ({
      success: true as const,
      items: await wishlist.list(request.user!.id),
    }));

    app.put('/wishlist/:productId', { onRequest: requireCustomer, schema: { params: wishlistProductParamsSchema, response: { 200: wishlistEntryResponseSchema } } }, async (request) => ({
      success: true as const,
      item: await wishlist.save(request.user!.id, request.params.productId as number),
    }));

    app.patch(
      '/wishlist/:productId/alerts',
      { onRequest: requireCustomer, schema: { params: wishlistProductParamsSchema, body: wishlistAlertsBodySchema, response: { 200: wishlistEntryResponseSchema } } },
      async (request) => ({ success: true as const, item: await wishlist.setAlerts(request.user!.id, request.params.productId as number, request.body.alerts) }),
    );

    app.delete('/wishlist/:productId', { onRequest: requireCustomer, schema: { params: wishlistProductParamsSchema, response: { 200: messageResponseSchema } } }, async (request) => {
      await wishlist.remove(request.user!.id, request.params.productId as number);
      return { success: true as const, message: 'Removed from your wishlist' };
    });
  };
