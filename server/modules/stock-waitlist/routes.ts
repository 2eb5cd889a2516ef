import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { joinWaitlistBodySchema, type JoinWaitlistResponse } from '../../../contracts/stock-waitlist.ts';
import type { PublicFormLimits } from '../storefront/routes.ts';
import type { StockWaitlist } from './stock-waitlist.ts';

/** A public form like the newsletter's, with the same per-address allowance. */
export const stockWaitlistRoutes =
  (waitlist: StockWaitlist, limits: PublicFormLimits): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(rateLimit, { global: false });
    app.post(
      '/waitlist',
      { schema: { body: joinWaitlistBodySchema }, config: { rateLimit: { max: limits.max, timeWindow: limits.windowMs } } },
      async (request, reply): Promise<JoinWaitlistResponse> => {
        const { productName, size } = await waitlist.join(request.body);
        void reply.status(201);
        return { success: true, message: `We will e-mail ${request.body.email.trim().toLowerCase()} once, when ${productName}${size ? ` (${size})` : ''} returns.` };
      },
    );
  };
