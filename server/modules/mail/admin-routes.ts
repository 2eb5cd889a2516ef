import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailDetailResponseSchema, emailIdParamsSchema, emailListQuerySchema, emailListResponseSchema } from '../../../contracts/admin-emails.ts';
import type { EmailLog } from './email-log.ts';
import { requirePermission } from '../accounts/auth-plugin.ts';

/** Every e-mail the shop sent or means to send, newest first; under /api/admin, so admin only. */
export const emailAdminRoutes =
  (log: EmailLog): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/admin/emails', { onRequest: requirePermission('customers.read'), schema: { querystring: emailListQuerySchema, response: { 200: emailListResponseSchema } } }, async (request) => ({ success: true as const, ...(await log.list(request.query)) }));
    app.get('/admin/emails/:id', { onRequest: requirePermission('customers.read'), schema: { params: emailIdParamsSchema, response: { 200: emailDetailResponseSchema } } }, async (request) => ({ success: true as const, email: await log.find(request.params.id) }));
  };
