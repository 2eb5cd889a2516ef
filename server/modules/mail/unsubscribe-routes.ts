import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unsubscribedMessage } from '../../../domain/mailing-lists.ts';
import { UNSUBSCRIBE_LINK_INVALID, unsubscribeQuerySchema, unsubscribeResponseSchema, type UnsubscribeResponse } from '../../../contracts/mailing-lists.ts';
import { HttpError } from '../../http/errors.ts';
import { redirectResponse } from '../../http/openapi.ts';
import type { MailingLists } from './mailing-lists.ts';

/**
 * The List-Unsubscribe address of the shop's marketing mail.
 *
 * POST is the one-click unsubscribe of RFC 8058: a mail client posts `List-Unsubscribe=One-Click` to the
 * address, without cookies, as a form (urlencoded or multipart); the /unsubscribe page's button posts to the same
 * address. The signed query is what counts, so the body is read as plain text and not parsed.
 *
 * GET (the address opened in a browser, or by a link scanner) unsubscribes nobody: it leads to the page.
 */
export const unsubscribeRoutes =
  (lists: MailingLists): FastifyPluginAsyncZod =>
  async (app) => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']) {
      app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => done(null, body));
    }

    app.post('/email/unsubscribe', { schema: { querystring: unsubscribeQuerySchema, response: { 200: unsubscribeResponseSchema } } }, async (request): Promise<UnsubscribeResponse> => {
      const { list, email, token } = request.query;
      if (!(await lists.unsubscribe(list, email, token))) {
        throw new HttpError(400, UNSUBSCRIBE_LINK_INVALID, [{ field: 'token', message: UNSUBSCRIBE_LINK_INVALID }]);
      }
      return { success: true, message: unsubscribedMessage(list, email.toLowerCase()) };
    });

    app.get('/email/unsubscribe', { schema: { response: { 303: redirectResponse('To the /unsubscribe page with the same query, whose button unsubscribes') } } }, async (request, reply) => {
      const query = new URLSearchParams(request.query as Record<string, string>);
      return reply.redirect(`/unsubscribe?${query}`, 303);
    });
  };
