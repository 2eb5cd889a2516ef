import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { codRoutes, type CodRouteDeps } from './cod-routes.ts';
import { CodService, type CodServiceDeps } from './cod-service.ts';

/**
 * Cash on delivery: whether a basket may be paid at the door, placing such an order (through the same placeOrder
 * as a prepaid one), the customer's confirmation, the back office's 'Cash collected' and 'Returned to origin',
 * and the job that cancels orders nobody confirmed.
 */
export function createCashOnDeliveryModule(deps: CodServiceDeps) {
  const cod = new CodService(deps);
  const routes = (http: Omit<CodRouteDeps, 'cod'>): FastifyPluginAsyncZod => async (api) => {
    await api.register(codRoutes({ ...http, cod }));
  };
  return { cod, routes };
}

export type CashOnDeliveryModule = ReturnType<typeof createCashOnDeliveryModule>;
