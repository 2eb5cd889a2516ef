import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardQuerySchema } from '../../../contracts/admin-dashboard.ts';
import type { AdminDashboardService } from './admin-dashboard-service.ts';

/** Under /api/admin: the admin guard is added to every route here by the auth plugin. */
export const adminDashboardRoutes =
  (dashboard: AdminDashboardService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/admin/dashboard', { schema: { querystring: dashboardQuerySchema } }, async (request) => dashboard.summary(request.query));
  };
