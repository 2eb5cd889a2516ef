import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { finderAnswersSchema, finderResultSchema, savedFinderAnswersSchema } from '../../../contracts/finder.ts';
import { messageResponseSchema } from '../../../contracts/api.ts';
import { requireCustomer } from '../accounts/auth-plugin.ts';
import type { FinderService } from './finder-service.ts';

export const finderRoutes =
  (finder: FinderService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/finder/recommendations', { schema: { body: finderAnswersSchema, response: { 200: finderResultSchema } } }, async (request) => finder.recommend(request.body));

    app.get('/profile/finder-answers', { onRequest: requireCustomer, schema: { response: { 200: savedFinderAnswersSchema } } }, async (request) => ({
      success: true as const,
      answers: await finder.saved(request.user!.id),
    }));

    app.put('/profile/finder-answers', { onRequest: requireCustomer, schema: { body: finderAnswersSchema, response: { 200: messageResponseSchema } } }, async (request) => {
      await finder.save(request.user!.id, request.body);
      return { success: true as const, message: 'Your answers are saved to your profile' };
    });
  };
