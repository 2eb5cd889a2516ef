import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReturnRefundLimit } from '../staff/refund-limit.ts';
import { returnRoutes } from './return-routes.ts';
import { ReturnService, type ReturnServiceDeps } from './return-service.ts';

/** Returns: the customer's request, the back office's decisions, the units back on the shelf and the refund of their share. */
export function createReturnsModule(deps: ReturnServiceDeps) {
  const returns = new ReturnService(deps);
  /** `refundLimit`: a support agent's limit on the refund a return's receipt sends (docs/decisions/0071). */
  const routes =
    ({ refundLimit }: { refundLimit: ReturnRefundLimit }): FastifyPluginAsyncZod =>
    async (api) => {
      await api.register(returnRoutes(returns, refundLimit));
    };
  return { returns, routes };
}

export type ReturnsModule = ReturnType<typeof createReturnsModule>;
