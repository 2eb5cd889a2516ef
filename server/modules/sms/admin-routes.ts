import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { smsListQuerySchema, smsListResponseSchema } from '../../../contracts/admin-sms.ts';
import type { SmsLog } from './sms-log.ts';
import { requirePermission } from '../accounts/auth-plugin.ts';

/** Every text the shop sent or kept, newest first; under /api/admin, so admin only. */
export const smsAdminRoutes =
  (log: SmsLog): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/admin/sms', { onRequest: requirePermission('customers.read'), schema: { querystring: smsListQuerySchema, response: { 200: smsListResponseSchema } } }, async (request) => ({ success: true as const, ...(await log.list(request.query)) }));
  };
