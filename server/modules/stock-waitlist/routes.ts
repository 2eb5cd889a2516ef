import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { joinWaitlistBodySchema, joinWaitlistResponseSchema, type JoinWaitlistResponse } from '../../../contracts/stock-waitlist.ts';
import type { PublicFormLimit } from '../storefront/routes.ts';
import type { StockWaitlist } from './stock-waitlist.ts';

/** A public form like the newsletter's, with the same per-address allowance. */
export const stockWaitlistRoutes =
  (waitlist: StockWaitlist, limitOf: PublicFormLimit): FastifyPluginAsyncZod =>
  async (app) => {
    const limit = limitOf('waitlist');
    app.post(
      '/waitlist',
      { schema: { body: joinWaitlistBodySchema, response: { 201: joinWaitlistResponseSchema } }, preHandler: async (request) => limit(request.ip) },
      async (request, reply): Promise<JoinWaitlistResponse> => {
        const { productName, size } = await waitlist.join(request.body);
        void reply.status(201);
        return { success: true, message: `We will e-mail ${request.body.email.trim().toLowerCase()} once, when ${productName}${size ? ` (${size})` : ''} returns.` };
      },
    );
  };
