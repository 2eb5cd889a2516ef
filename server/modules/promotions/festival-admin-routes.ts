import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '../../../contracts/api.ts';
import { adminFestivalResponseSchema, adminFestivalsResponseSchema, festivalIdParamsSchema, festivalInputSchema } from '../../../contracts/admin-festivals.ts';
import type { FestivalAdminService } from './festival-admin-service.ts';
import { requirePermission } from '../accounts/auth-plugin.ts';

/** Festival management; mounted under /api/admin, where every route is for admins only (request.user is set). */
export const festivalAdminRoutes =
  (service: FestivalAdminService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/admin/festivals', { onRequest: requirePermission('promotions.write'), schema: { response: { 200: adminFestivalsResponseSchema } } }, async () => ({ success: true as const, festivals: await service.list() }));

    app.post('/admin/festivals', { onRequest: requirePermission('promotions.write'), schema: { body: festivalInputSchema, response: { 201: adminFestivalResponseSchema } } }, async (request, reply) => {
      const { after } = await service.create(request.user!.id, request.body);
      return reply.status(201).send({ success: true as const, message: 'Festival created', festival: after });
    });

    app.put('/admin/festivals/:id', { onRequest: requirePermission('promotions.write'), schema: { params: festivalIdParamsSchema, body: festivalInputSchema, response: { 200: adminFestivalResponseSchema } } }, async (request) => {
      const { after } = await service.update(request.user!.id, request.params.id, request.body);
      return { success: true as const, message: 'Festival updated', festival: after };
    });

    app.delete('/admin/festivals/:id', { onRequest: requirePermission('promotions.write'), schema: { params: festivalIdParamsSchema, response: { 200: messageResponseSchema } } }, async (request) => {
      await service.remove(request.user!.id, request.params.id);
      return { success: true as const, message: 'Festival deleted' };
    });

    app.patch('/admin/festivals/:id/toggle', { onRequest: requirePermission('promotions.write'), schema: { params: festivalIdParamsSchema, response: { 200: adminFestivalResponseSchema } } }, async (request) => {
      const { after } = await service.toggle(request.user!.id, request.params.id);
      return { success: true as const, message: after.isActive ? 'Festival activated' : 'Festival deactivated', festival: after };
    });
  };
