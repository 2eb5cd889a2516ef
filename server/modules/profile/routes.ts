import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { achievementsResponseSchema, productViewBodySchema, productViewResponseSchema, profileOrdersResponseSchema } from '../../../contracts/profile.ts';
import { requireCustomer } from '../accounts/auth-plugin.ts';
import type { ProfileService } from './profile-service.ts';

export const profileRoutes =
  (profile: ProfileService, clock: () => Date): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/profile/achievements', { onRequest: requireCustomer, schema: { response: { 200: achievementsResponseSchema } } }, async (request) => profile.achievements(request.user!.id, clock()));

    app.get('/profile/orders', { onRequest: requireCustomer, schema: { response: { 200: profileOrdersResponseSchema } } }, async (request) => profile.recentOrders(request.user!.id));

    app.post('/profile/product-views', { onRequest: requireCustomer, schema: { body: productViewBodySchema, response: { 200: productViewResponseSchema } } }, async (request) => ({
      success: true as const,
      ...(await profile.recordProductView(request.user!.id, request.body.productId, clock())),
    }));
  };
