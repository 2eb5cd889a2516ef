import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../contracts/api.ts';
import {
  whatsappHandshakeQuerySchema,
  whatsappListQuerySchema,
  whatsappListResponseSchema,
  whatsappPreferenceBodySchema,
  whatsappPreferenceSchema,
  whatsappTemplatesResponseSchema,
  whatsappWebhookResponseSchema,
} from '../../../contracts/whatsapp.ts';
import { Refusal } from '../../../domain/refusal.ts';
import { requireCustomer, requirePermission } from '../accounts/auth-plugin.ts';
import type { WhatsAppPreferences } from './whatsapp-consent.ts';
import type { WhatsAppLog } from './whatsapp-log.ts';
import { WebhookRefused, type WhatsAppWebhook } from './whatsapp-webhook.ts';

/**
 * Meta's webhook for the shop's WhatsApp number: the GET handshake and the signed POSTs. The body is read as
 * bytes, since the signature is over the bytes Meta sent. Without WhatsApp set up (`webhook` null) there is no
 * verify token or secret to match, so every handshake is refused (403) and every POST unsigned (401).
 */
export const whatsappWebhookRoutes =
  (webhook: WhatsAppWebhook | null): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/whatsapp/webhook',
      {
        schema: {
          description: "Meta's subscription handshake: answers hub.challenge when hub.verify_token is WHATSAPP_VERIFY_TOKEN, else 403.",
          querystring: whatsappHandshakeQuerySchema,
          response: { 200: z.string(), 403: apiErrorSchema },
        },
      },
      async (request, reply) => {
        try {
          if (!webhook) throw new WebhookRefused(403, 'WhatsApp is not set up in this shop');
          return reply.type('text/plain').send(webhook.handshake(request.query));
        } catch (error) {
          if (error instanceof WebhookRefused) throw new Refusal('forbidden', error.message);
          throw error;
        }
      },
    );
    await app.register(async (signed) => {
      signed.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      signed.post(
        '/whatsapp/webhook',
        {
          schema: {
            description: "Meta's message statuses and customers' replies; `X-Hub-Signature-256` must be the HMAC-SHA256 of the body under WHATSAPP_APP_SECRET (401 otherwise). Whatever else the shop cannot use is answered 200 and counted.",
            response: { 200: whatsappWebhookResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
          },
        },
        async (request, reply) => {
          const header = request.headers['x-hub-signature-256'];
          try {
            if (!webhook) throw new WebhookRefused(401, 'WhatsApp is not set up in this shop');
            const tally = await webhook.receive(Buffer.isBuffer(request.body) ? request.body : Buffer.from(''), Array.isArray(header) ? header[0] : header);
            return { success: true as const, ...tally };
          } catch (error) {
            if (error instanceof WebhookRefused) return reply.status(error.statusCode).send({ success: false as const, message: error.message });
            throw error;
          }
        },
      );
    });
  };

/** The customer's WhatsApp switch, and the back office's message log and template previews (under /api/admin). */
export const whatsappRoutes =
  (preferences: WhatsAppPreferences, log: WhatsAppLog, available: boolean): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/profile/whatsapp', { onRequest: requireCustomer, schema: { response: { 200: whatsappPreferenceSchema } } }, async (request) => ({
      success: true as const,
      available,
      ...(await preferences.of(request.user!.id)),
    }));
    app.put('/profile/whatsapp', { onRequest: requireCustomer, schema: { body: whatsappPreferenceBodySchema, response: { 200: whatsappPreferenceSchema } } }, async (request) => {
      if (!available && request.body.optedIn) throw new Refusal('conflict', 'This shop does not send updates on WhatsApp');
      const { from = 'profile', ...choice } = request.body;
      return { success: true as const, available, ...(await preferences.set(request.user!.id, choice, from)) };
    });
    app.get('/admin/whatsapp', { onRequest: requirePermission('customers.read'), schema: { querystring: whatsappListQuerySchema, response: { 200: whatsappListResponseSchema } } }, async (request) => ({
      success: true as const,
      ...(await log.list(request.query)),
    }));
    app.get('/admin/whatsapp/templates', { onRequest: requirePermission('customers.read'), schema: { response: { 200: whatsappTemplatesResponseSchema } } }, async () => log.templates());
  };
