import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUserDetailResponseSchema,
  adminUserIdParamsSchema,
  adminUserListQuerySchema,
  adminUserListResponseSchema,
  adminUserStatusResponseSchema,
  updateUserStatusBodySchema,
} from '../../../contracts/admin-users.ts';
import type { AdminUserService } from './admin-user-service.ts';
import { requirePermission } from '../accounts/auth-plugin.ts';

/** Under /api/admin: the admin guard is added to every route here by the auth plugin. */
export const adminUserRoutes =
  (adminUsers: AdminUserService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/admin/users', { onRequest: requirePermission('customers.read'), schema: { querystring: adminUserListQuerySchema, response: { 200: adminUserListResponseSchema } } }, async (request) => ({
      success: true as const,
      ...(await adminUsers.list(request.query)),
    }));

    app.get('/admin/users/:id', { onRequest: requirePermission('customers.read'), schema: { params: adminUserIdParamsSchema, response: { 200: adminUserDetailResponseSchema } } }, async (request) => ({
      success: true as const,
      user: await adminUsers.detail(request.params.id),
    }));

    app.put('/admin/users/:id/status', { onRequest: requirePermission('customers.manage'), schema: { params: adminUserIdParamsSchema, body: updateUserStatusBodySchema, response: { 200: adminUserStatusResponseSchema } } }, async (request) => {
      const user = await adminUsers.setStatus(request.user!.id, request.params.id, request.body.status);
      return { success: true as const, user, message: `${user.name} is now ${user.status}` };
    });
  };
