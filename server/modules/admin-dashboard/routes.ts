import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardQuerySchema, dashboardResponseSchema } from '../../../contracts/admin-dashboard.ts';
import type { AdminDashboardService } from './admin-dashboard-service.ts';
import { requirePermission } from '../accounts/auth-plugin.ts';

/** Under /api/admin: the admin guard is added to every route here by the auth plugin. */
export const adminDashboardRoutes =
  (dashboard: AdminDashboardService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/admin/dashboard', { onRequest: requirePermission('reports.read'), schema: { querystring: dashboardQuerySchema, response: { 200: dashboardResponseSchema } } }, async (request) => dashboard.summary(request.query));
  };
