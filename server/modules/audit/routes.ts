import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListQuerySchema, auditListResponseSchema } from '../../../contracts/audit.ts';
import type { AuditReader } from './audit-reader.ts';
import { requirePermission } from '../accounts/auth-plugin.ts';

/** `GET /api/admin/audit`: who changed what, and when, with the values before and after. Admin only (its path). */
export const auditRoutes =
  (reader: AuditReader): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/admin/audit', { onRequest: requirePermission('audit.read'), schema: { querystring: auditListQuerySchema, response: { 200: auditListResponseSchema } } }, async (request) => ({
      success: true as const,
      ...(await reader.list(request.query)),
    }));
  };
