import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeedFormat, FeedService } from './feed-service.ts';

const feedQuerySchema = z.object({ token: z.string().max(200, { error: 'token must be at most 200 characters' }).optional() });

const FORMATS: { path: string; format: FeedFormat; type: string }[] = [
  { path: '/feeds/google.xml', format: 'google', type: 'application/xml; charset=utf-8' },
  { path: '/feeds/meta.csv', format: 'meta', type: 'text/csv; charset=utf-8' },
];

function sameToken(given: string | undefined, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return given !== undefined && timingSafeEqual(digest(given), digest(expected));
}

/** `If-None-Match` naming this validator (or `*`): the fetcher's copy is current. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}

/**
 * The product feeds for Google Merchant Center and Meta's catalogue (decision record 0065), outside /api: their
 * fetchers take a plain URL. Served with an ETag, so an unchanged feed costs a 304; behind `FEED_TOKEN` when set.
 */
export const feedRoutes =
  (feeds: FeedService, options: { token?: string }): FastifyPluginAsyncZod =>
  async (app) => {
    for (const { path, format, type } of FORMATS) {
      app.get(path, { schema: { querystring: feedQuerySchema, hide: true } }, async (request, reply) => {
        if (options.token && !sameToken(request.query.token, options.token)) {
          return reply.status(401).send({ success: false, message: 'token is wrong or missing' });
        }
        const feed = await feeds.get(format);
        void reply
          .header('etag', feed.etag)
          .header('last-modified', feed.generatedAt.toUTCString())
          // Fetchers may keep it but must ask again each time; the ETag makes asking cheap.
          .header('cache-control', options.token ? 'private, no-cache' : 'public, no-cache')
          .header('x-robots-tag', 'noindex');
        if (matches(request.headers['if-none-match'], feed.etag)) return reply.status(304).send();
        return reply.type(type).send(feed.body);
      });
    }
  };
