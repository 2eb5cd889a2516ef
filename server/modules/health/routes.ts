import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../contracts/api.ts';
import { healthResponseSchema, readyResponseSchema } from '../../../contracts/health.ts';
import type { DatabaseHandle } from '../../db/client.ts';

/**
 * Two questions a load balancer or an orchestrator asks:
 * - `/health`, liveness: the process answers. It stays 200 while the database is away (and says so), because
 *   restarting a healthy process does not bring a database back.
 * - `/ready`, readiness: the database answers and carries every migration this build knows; 503 otherwise, so
 *   traffic goes to other instances until this one can serve.
 */
export const healthRoutes =
  (database: Pick<DatabaseHandle, 'ping' | 'migrationsApplied'>, details?: () => Promise<{ whatsapp: 'off' | 'healthy' | 'unhealthy' }>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/health', { schema: { response: { 200: healthResponseSchema } } }, async () => {
      const up = await database.ping();
      return { success: true as const, status: 'ok' as const, database: up ? ('up' as const) : ('down' as const) };
    });

    let migrated = false;
    app.get('/ready', { schema: { response: { 200: readyResponseSchema, 503: apiErrorSchema } } }, async (_request, reply) => {
      const up = await database.ping();
      if (up && !migrated) migrated = await database.migrationsApplied().catch(() => false);
      const ready = up && migrated;
      return reply
        .status(ready ? 200 : 503)
        .send(ready ? { success: true as const, status: 'ready' as const, ...(details ? { details: await details().catch(() => ({ whatsapp: 'unhealthy' as const })) } : {}) } : { success: false as const, message: up ? 'Database migrations are not applied yet' : 'Database unavailable' });
    });
  };
