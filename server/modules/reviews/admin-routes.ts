import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminReviewListQuerySchema, reviewIdParamsSchema, reviewStatusBodySchema } from '../../../contracts/reviews.ts';
import { STATUS_MESSAGES, type ReviewAdminService } from './review-admin-service.ts';

/** Review moderation; under /api/admin, where the auth plugin makes every route admin-only. */
export const reviewAdminRoutes =
  (service: ReviewAdminService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/admin/reviews', { schema: { querystring: adminReviewListQuerySchema } }, async (request) => ({
      success: true as const,
      ...(await service.list(request.query)),
    }));

    app.put('/admin/reviews/:id/status', { schema: { params: reviewIdParamsSchema, body: reviewStatusBodySchema } }, async (request) => {
      const review = await service.setStatus(request.user!.id, request.params.id, request.body.status);
      return { success: true as const, message: STATUS_MESSAGES[review.status], review };
    });

    app.delete('/admin/reviews/:id', { schema: { params: reviewIdParamsSchema } }, async (request) => {
      await service.remove(request.user!.id, request.params.id);
      return { success: true as const, message: 'Review deleted' };
    });
  };
