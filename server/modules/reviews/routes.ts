import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '../../../contracts/api.ts';
import {
  createReviewSchema,
  helpfulVoteResponseSchema,
  productReviewsParamsSchema,
  productReviewsQuerySchema,
  productReviewsResponseSchema,
  reviewContentSchema,
  reviewIdParamsSchema,
  reviewResponseSchema,
} from '../../../contracts/reviews.ts';
import { requireCustomer } from '../accounts/auth-plugin.ts';
import type { ReviewService } from './review-service.ts';

export const reviewRoutes =
  (service: ReviewService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/reviews/product/:productId', { schema: { params: productReviewsParamsSchema, querystring: productReviewsQuerySchema, response: { 200: productReviewsResponseSchema } } }, async (request) => ({
      success: true as const,
      ...(await service.forProduct(request.params.productId, request.query, request.user?.id ?? null)),
    }));

    app.post('/reviews', { onRequest: requireCustomer, schema: { body: createReviewSchema, response: { 201: reviewResponseSchema } } }, async (request, reply) => {
      const review = await service.create(request.user!, request.body);
      return reply.status(201).send({ success: true as const, message: 'Review submitted', review });
    });

    app.put('/reviews/:id', { onRequest: requireCustomer, schema: { params: reviewIdParamsSchema, body: reviewContentSchema, response: { 200: reviewResponseSchema } } }, async (request) => ({
      success: true as const,
      message: 'Review updated',
      review: await service.update(request.user!.id, request.params.id, request.body),
    }));

    app.delete('/reviews/:id', { onRequest: requireCustomer, schema: { params: reviewIdParamsSchema, response: { 200: messageResponseSchema } } }, async (request) => {
      await service.remove(request.user!.id, request.params.id);
      return { success: true as const, message: 'Review deleted' };
    });

    app.post('/reviews/:id/helpful', { onRequest: requireCustomer, schema: { params: reviewIdParamsSchema, response: { 200: helpfulVoteResponseSchema } } }, async (request) => ({
      success: true as const,
      ...(await service.toggleHelpful(request.user!.id, request.params.id)),
    }));
  };
