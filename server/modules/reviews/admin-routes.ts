import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '../../../contracts/api.ts';
import { adminReviewListQuerySchema, adminReviewListResponseSchema, adminReviewResponseSchema, reviewIdParamsSchema, reviewStatusBodySchema } from '../../../contracts/reviews.ts';
import { STATUS_MESSAGES, type ReviewAdminService } from './review-admin-service.ts';
import { requirePermission } from '../accounts/auth-plugin.ts';

/** Review moderation; under /api/admin, where the auth plugin makes every route admin-only. */
export const reviewAdminRoutes =
  (service: ReviewAdminService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/admin/reviews', { onRequest: requirePermission('reviews.moderate'), schema: { querystring: adminReviewListQuerySchema, response: { 200: adminReviewListResponseSchema } } }, async (request) => ({
      success: true as const,
      ...(await service.list(request.query)),
    }));

    app.put('/admin/reviews/:id/status', { onRequest: requirePermission('reviews.moderate'), schema: { params: reviewIdParamsSchema, body: reviewStatusBodySchema, response: { 200: adminReviewResponseSchema } } }, async (request) => {
      const review = await service.setStatus(request.user!.id, request.params.id, request.body.status);
      return { success: true as const, message: STATUS_MESSAGES[review.status], review };
    });

    app.delete('/admin/reviews/:id', { onRequest: requirePermission('reviews.moderate'), schema: { params: reviewIdParamsSchema, response: { 200: messageResponseSchema } } }, async (request) => {
      await service.remove(request.user!.id, request.params.id);
      return { success: true as const, message: 'Review deleted' };
    });
  };
