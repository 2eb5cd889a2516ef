import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPromotionResponseSchema,
  adminPromotionsResponseSchema,
  promotionIdParamsSchema,
  promotionInputSchema,
  promotionPauseBodySchema,
  promotionPreviewBodySchema,
  promotionPreviewResponseSchema,
  promotionUpdateSchema,
} from '../../../contracts/promotions.ts';
import type { PromotionAdminService } from './promotion-admin-service.ts';
import { requirePermission } from '../accounts/auth-plugin.ts';

/** Promotion management; mounted under /api/admin, where every route is for admins only (request.user is set). */
export const promotionAdminRoutes =
  (service: PromotionAdminService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/admin/promotions', { onRequest: requirePermission('promotions.write'), schema: { response: { 200: adminPromotionsResponseSchema } } }, async () => ({ success: true as const, promotions: await service.list() }));

    app.post('/admin/promotions', { onRequest: requirePermission('promotions.write'), schema: { body: promotionInputSchema, response: { 201: adminPromotionResponseSchema } } }, async (request, reply) => {
      const promotion = await service.create(request.user!.id, request.body);
      return reply.status(201).send({ success: true as const, message: 'Promotion created', promotion });
    });

    app.put('/admin/promotions/:id', { onRequest: requirePermission('promotions.write'), schema: { params: promotionIdParamsSchema, body: promotionUpdateSchema, response: { 200: adminPromotionResponseSchema } } }, async (request) => {
      const promotion = await service.update(request.user!.id, request.params.id, request.body);
      return { success: true as const, message: 'Promotion updated', promotion };
    });

    app.patch(
      '/admin/promotions/:id/paused',
      { onRequest: requirePermission('promotions.write'), schema: { params: promotionIdParamsSchema, body: promotionPauseBodySchema, response: { 200: adminPromotionResponseSchema } } },
      async (request) => {
        const promotion = await service.setPaused(request.user!.id, request.params.id, request.body.paused);
        return { success: true as const, message: promotion.paused ? 'Promotion paused' : 'Promotion resumed', promotion };
      },
    );

    app.post('/admin/promotions/preview', { onRequest: requirePermission('promotions.write'), schema: { body: promotionPreviewBodySchema, response: { 200: promotionPreviewResponseSchema } } }, async (request) =>
      service.preview(request.body.promotion, request.body.items),
    );
  };
