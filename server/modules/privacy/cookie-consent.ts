import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cookieChoiceBodySchema, cookieChoiceResponseSchema } from '../../../contracts/cookie-consent.ts';
import { CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS, consentCookieValue, consentFromCookieHeader, COOKIE_NOTICE_VERSION, type CookieChoice } from '../../../domain/cookie-consent.ts';
import type { Database } from '../../db/client.ts';
import { cookieConsents } from '../../db/schema/index.ts';
import type { PublicFormLimit } from '../storefront/routes.ts';

/** Logs a banner choice and answers with the cookie that carries it; the same visitor id as before when there was one. */
export async function recordCookieChoice(db: Database, cookieHeader: string | undefined, choice: CookieChoice, now: Date): Promise<string> {
  const visitorId = consentFromCookieHeader(cookieHeader)?.visitorId ?? randomUUID();
  await db.insert(cookieConsents).values({ visitorId, analytics: choice.analytics, marketing: choice.marketing, noticeVersion: COOKIE_NOTICE_VERSION, createdAt: now });
  return consentCookieValue({ ...choice, visitorId });
}

/**
 * The cookie banner's answer (decision record 0066). Public: the banner is for visitors before any sign-in.
 * Limited per client address like the other public forms, since every call adds a row.
 */
export const cookieConsentRoutes =
  (options: { db: Database; clock: () => Date; secure: boolean; limit: PublicFormLimit }): FastifyPluginAsyncZod =>
  async (app) => {
    const limit = options.limit('cookie-consent');
    app.post(
      '/privacy/cookie-consent',
      // Counted after the body is checked, like the other public forms.
      { preHandler: async (request) => limit(request.ip), schema: { body: cookieChoiceBodySchema, response: { 200: cookieChoiceResponseSchema } } },
      async (request, reply) => {
        const value = await recordCookieChoice(options.db, request.headers.cookie, request.body, options.clock());
        // Read by the storefront's script before it loads any tag, so not HttpOnly; it holds no secret.
        void reply.header('set-cookie', `${CONSENT_COOKIE}=${value}; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax${options.secure ? '; Secure' : ''}`);
        return { success: true as const, analytics: request.body.analytics, marketing: request.body.marketing, cookie: value };
      },
    );
  };
