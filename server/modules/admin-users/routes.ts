import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUserIdParamsSchema, adminUserListQuerySchema, updateUserStatusBodySchema } from '../../../contracts/admin-users.ts';
import type { AdminUserService } from './admin-user-service.ts';

/** Under /api/admin: the admin guard is added to every route here by the auth plugin. */
export const adminUserRoutes =
  (adminUsers: AdminUserService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/admin/users', { schema: { querystring: adminUserListQuerySchema } }, async (request) => ({
      success: true,
      ...(await adminUsers.list(request.query)),
    }));

    app.get('/admin/users/:id', { schema: { params: adminUserIdParamsSchema } }, async (request) => ({
      success: true,
      user: await adminUsers.detail(request.params.id),
    }));

    app.put('/admin/users/:id/status', { schema: { params: adminUserIdParamsSchema, body: updateUserStatusBodySchema } }, async (request) => {
      const user = await adminUsers.setStatus(request.user!.id, request.params.id, request.body.status);
      return { success: true, user, message: `${user.name} is now ${user.status}` };
    });
  };
