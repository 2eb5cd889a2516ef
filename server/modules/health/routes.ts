import type { FastifyPluginAsync } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';

/**
 * Two questions a load balancer or an orchestrator asks:
 * - `/health`, liveness: the process answers. It stays 200 while the database is away (and says so), because
 *   restarting a healthy process does not bring a database back.
 * - `/ready`, readiness: the database answers and carries every migration this build knows; 503 otherwise, so
 *   traffic goes to other instances until this one can serve.
 */
export const healthRoutes =
  (database: Pick<DatabaseHandle, 'ping' | 'migrationsApplied'>): FastifyPluginAsync =>
  async (app) => {
    app.get('/health', async () => {
      const up = await database.ping();
      return { success: true, status: 'ok', database: up ? 'up' : 'down' };
    });

    let migrated = false;
    app.get('/ready', async (_request, reply) => {
      const up = await database.ping();
      if (up && !migrated) migrated = await database.migrationsApplied().catch(() => false);
      const ready = up && migrated;
      return reply
        .status(ready ? 200 : 503)
        .send(ready ? { success: true, status: 'ready' } : { success: false, message: up ? 'Database migrations are not applied yet' : 'Database unavailable' });
    });
  };
