import type { FastifyRequest } from 'fastify';

/**
 * A request URL as the log may keep it: the `token` of a password-reset or verification link is replaced, so
 * reading the log never opens an account while the link is still valid.
 */
export function redactLinkTokens(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

/** Fastify's own request fields, with the URL redacted. */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactLinkTokens(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
