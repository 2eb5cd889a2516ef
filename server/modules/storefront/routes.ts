import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactRequestSchema,
  contactResponseSchema,
  NEWSLETTER_CONFIRMED,
  NEWSLETTER_LINK_INVALID,
  newsletterConfirmRequestSchema,
  newsletterRequestSchema,
  newsletterResponseSchema,
  type ContactResponse,
  type NewsletterResponse,
} from '../../../contracts/storefront.ts';
import { messageResponseSchema } from '../../../contracts/api.ts';
import { ticketLookupQuerySchema, ticketParamsSchema, ticketResponseSchema } from '../../../contracts/grievances.ts';
import { fieldRefusal } from '../../../domain/refusal.ts';
import type { AddressLimit } from '../../http/address-limit.ts';
import { HttpError } from '../../http/errors.ts';
import type { StorefrontService } from './storefront-service.ts';

/** The per-address allowance of one public form, counted in the database (`publicFormLimit` in server/app.ts). */
export type PublicFormLimit = (form: string) => AddressLimit;

/**
 * Anyone can post these forms without an account, so each client address gets a small allowance per minute:
 * enough for a person who mistypes, too little to fill the tables from a script.
 */
export const NEWSLETTER_CHECK_INBOX = 'Almost there: check your inbox and confirm your address with the link we sent. Our missives follow once you do.';
export const NEWSLETTER_ALREADY_LISTED = 'This address is already on our list. If you have not confirmed it yet, check your inbox for our link.';

export const storefrontRoutes =
  (service: StorefrontService, limitOf: PublicFormLimit): FastifyPluginAsyncZod =>
  async (app) => {
    // Counted after the body is checked: a malformed post is refused with 400 and uses none of the allowance.
    const limited = (form: string) => {
      const limit = limitOf(form);
      return { preHandler: async (request: { ip: string }) => limit(request.ip) };
    };

    app.post('/newsletter', { schema: { body: newsletterRequestSchema, response: { 200: newsletterResponseSchema } }, ...limited('newsletter') }, async (request): Promise<NewsletterResponse> => {
      const subscribed = await service.subscribe(request.body);
      return {
        success: true,
        subscribed,
        // Nothing is sent until the address is confirmed (double opt-in), so the answer points to the inbox.
        message: subscribed ? NEWSLETTER_CHECK_INBOX : NEWSLETTER_ALREADY_LISTED,
      };
    });

    app.post('/newsletter/confirm', { schema: { body: newsletterConfirmRequestSchema, response: { 200: messageResponseSchema } }, ...limited('newsletter-confirm') }, async (request) => {
      if (!(await service.confirmSubscription(request.body.token))) {
        throw new HttpError(400, NEWSLETTER_LINK_INVALID, [{ field: 'token', message: NEWSLETTER_LINK_INVALID }]);
      }
      return { success: true as const, message: NEWSLETTER_CONFIRMED };
    });

    app.post('/contact', { schema: { body: contactRequestSchema, response: { 201: contactResponseSchema } }, ...limited('contact') }, async (request, reply): Promise<ContactResponse> => {
      const { ticketNumber } = await service.saveContactMessage(request.body);
      void reply.status(201);
      return { success: true, ticketNumber, message: `Thank you. Your message has reached the coven as ticket ${ticketNumber}; we respond within 24 hours.` };
    });

    // Limited like the forms: a number and an address to guess are both needed, and guesses are few per minute.
    app.get(
      '/contact/tickets/:ticketNumber',
      { schema: { params: ticketParamsSchema, querystring: ticketLookupQuerySchema, response: { 200: ticketResponseSchema } }, ...limited('ticket-status') },
      async (request) => {
        const ticket = await service.ticket(request.params.ticketNumber, request.query.email);
        if (!ticket) throw fieldRefusal('not-found', 'ticketNumber', `No complaint ${request.params.ticketNumber} was sent from this e-mail address`);
        return { success: true as const, ticket };
      },
    );
  };
