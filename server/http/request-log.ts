import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { redactLinkTokens } from './log-redaction.ts';

const FORWARDED_ID = /^[\w.:-]{8,128}$/;

/**
 * The request's id: the one a proxy in front already gave it (`X-Request-Id`), when it looks like an id, so one
 * id follows the request through every log; otherwise a fresh UUID. Anything else in the header is ignored, so
 * a client cannot write arbitrary text into the log.
 */
export function requestIdOf(raw: IncomingMessage): string {
  const forwarded = raw.headers['x-request-id'];
  return typeof forwarded === 'string' && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
}

/**
 * Every response carries its request id in `X-Request-Id` (a shopper or support can quote it), and the log gets
 * one JSON line per request when it ends: method, redacted URL, route, status, time taken, client address.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: redactLinkTokens(request.url),
        route: request.routeOptions.url ?? null,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        remoteAddress: request.ip,
        userId: request.user?.id,
      },
      'request',
    );
  });
}
