import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessagesResponseSchema, contactMessageUpdatedResponseSchema, messageListQuerySchema, newsletterSubscribersResponseSchema } from '../../../contracts/admin-messages.ts';
import { shopDate } from '../../../domain/orders.ts';
import { contentResponse } from '../../http/openapi.ts';
import { ticketIdParamsSchema, ticketStatusChangeSchema } from '../../../contracts/grievances.ts';

import type { StorefrontInbox } from './storefront-inbox.ts';
import { requirePermission } from '../accounts/auth-plugin.ts';

/** The back office's view of the contact form and the newsletter list; under /api/admin, so admin only. */
export const storefrontAdminRoutes =
  (inbox: StorefrontInbox, clock: () => Date): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/admin/contact-messages', { onRequest: requirePermission('tickets.manage'), schema: { querystring: messageListQuerySchema, response: { 200: contactMessagesResponseSchema } } }, async (request) => ({
      success: true as const,
      ...(await inbox.contactMessages(request.query)),
    }));

    app.patch(
      '/admin/contact-messages/:id',
      { onRequest: requirePermission('tickets.manage'), schema: { params: ticketIdParamsSchema, body: ticketStatusChangeSchema, response: { 200: contactMessageUpdatedResponseSchema } } },
      async (request) => ({
        success: true as const,
        message: 'Complaint updated',
        contactMessage: await inbox.changeTicketStatus(request.user!.id, request.params.id, request.body),
      }),
    );

    app.get('/admin/newsletter-subscribers', { onRequest: requirePermission('customers.read'), schema: { querystring: messageListQuerySchema, response: { 200: newsletterSubscribersResponseSchema } } }, async (request) => ({
      success: true as const,
      ...(await inbox.subscribers(request.query)),
    }));

    app.get('/admin/newsletter-subscribers.csv', { onRequest: requirePermission('customers.read'), schema: { response: { 200: contentResponse('text/csv', 'Every confirmed subscriber as CSV, to download') } } }, async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="newsletter-subscribers-${shopDate(clock())}.csv"`)
        .header('cache-control', 'no-store')
        .send(await inbox.subscribersCsv()),
    );
  };
