import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attributionQuerySchema, attributionResponseSchema } from '../../../contracts/attribution.ts';
import type { OrderSources } from './order-sources.ts';
import { requirePermission } from '../accounts/auth-plugin.ts';

/** Under /api/admin: revenue and orders by source, medium and campaign, of the first or the last touch. */
export const orderSourceRoutes =
  (sources: OrderSources): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/admin/analytics/sources', { onRequest: requirePermission('reports.read'), schema: { querystring: attributionQuerySchema, response: { 200: attributionResponseSchema } } }, async (request) =>
      sources.report(request.query.period, request.query.touch),
    );
  };
