import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsQuerySchema, analyticsResponseSchema } from '../../../contracts/analytics.ts';
import type { AnalyticsService } from './analytics-service.ts';
import { requirePermission } from '../accounts/auth-plugin.ts';

/** Under /api/admin: the admin guard is added to every route here by the auth plugin. */
export const analyticsRoutes =
  (analytics: AnalyticsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/admin/analytics', { onRequest: requirePermission('reports.read'), schema: { querystring: analyticsQuerySchema, response: { 200: analyticsResponseSchema } } }, async (request) => analytics.report(request.query));
  };
