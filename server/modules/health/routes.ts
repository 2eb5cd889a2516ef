import type { FastifyPluginAsync } from 'fastify';

/** 200 only while the database answers, so a load balancer stops sending shoppers to a broken instance. */
export const healthRoutes =
  (ping: () => Promise<boolean>): FastifyPluginAsync =>
  async (app) => {
    app.get('/health', async (_request, reply) => {
      const database = await ping();
      return reply
        .status(database ? 200 : 503)
        .send(database ? { success: true, status: 'ok', database: 'up' } : { success: false, message: 'Database unavailable' });
    });
  };
