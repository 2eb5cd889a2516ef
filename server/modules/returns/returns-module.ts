import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { returnRoutes } from './return-routes.ts';
import { ReturnService, type ReturnServiceDeps } from './return-service.ts';

/** Returns: the customer's request, the back office's decisions, the units back on the shelf and the refund of their share. */
export function createReturnsModule(deps: ReturnServiceDeps) {
  const returns = new ReturnService(deps);
  const routes = (): FastifyPluginAsyncZod => async (api) => {
    await api.register(returnRoutes(returns));
  };
  return { returns, routes };
}

export type ReturnsModule = ReturnType<typeof createReturnsModule>;
