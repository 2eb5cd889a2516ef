import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError, FieldError } from '../../contracts/api.ts';
import { Refusal, type RefusalKind } from '../../domain/refusal.ts';

/** A failure a service raises on purpose; its message is safe to show. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new HttpError(404, message);

/** The one place a service's refusal becomes an HTTP status. */
export const REFUSAL_STATUS: Readonly<Record<RefusalKind, number>> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'provider-failed': 502,
  'rate-limited': 429,
};

function fieldErrors(error: FastifyError & { validation: { instancePath: string; message?: string }[] }): FieldError[] {
  return error.validation.map((issue) => ({
    field: issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || (error.validationContext ?? 'body'),
    message: issue.message ?? 'is invalid',
  }));
}

// Connection-level failures: the server is down, restarting, refusing connections or out of them.
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '53300', '55000', '08000', '08001', '08003', '08006']);
const UNAVAILABLE_MESSAGES = /Connection terminated|connection timeout|Client has encountered a connection error|not currently accepting connections|Cannot use a pool after calling end/i;

/** Whether `error` (or what it wraps: Drizzle wraps the driver's error) says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}

export const UNAVAILABLE_MESSAGE = 'The shop is briefly unavailable. Please try again in a moment.';

/**
 * Every API failure leaves as `{success:false, message}`; a 400 names the fields. A 500 says nothing about
 * the inside of the shop: the details go to the log, with the request id to find them.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    let status = 500;
    let body: ApiError = { success: false, message: 'Something went wrong on our side. Please try again.' };

    if (error instanceof Refusal) {
      status = REFUSAL_STATUS[error.kind];
      body = { success: false, message: error.message, ...(error.errors ? { errors: [...error.errors] } : {}) };
      if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.retryAfterSeconds));
    } else if (error instanceof HttpError) {
      status = error.statusCode;
      body = { success: false, message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
      if (error.headers) void reply.headers(error.headers);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const errors = fieldErrors(error);
      body = { success: false, message: errors[0]?.message ?? 'Invalid request', errors };
    } else if (isDatabaseUnavailable(error)) {
      // A database outage is temporary: 503 with Retry-After tells browsers, proxies and load balancers so.
      status = 503;
      body = { success: false, message: UNAVAILABLE_MESSAGE };
      void reply.header('retry-after', '5');
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, rate limit...) carry safe messages.
      status = error.statusCode;
      body = { success: false, message: error.message };
    }

    if (status === 503) request.log.warn({ err: error }, 'database unavailable');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    void reply.status(status).send(body);
  });
}

const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * Every /api call that no route answers gets JSON, never the storefront's HTML: 404 for an unknown path, 405 with
 * `Allow` for a known path asked with the wrong method. A catch-all under /api outranks the pages' catch-all.
 */
export function sendApiNotFound(api: FastifyInstance): void {
  const fallback = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? request.url;
    // A path some API route answers for another method; the catch-alls (this one, the pages') match with a '*'.
    const allowed = API_METHODS.filter((method) => {
      const route = request.server.findRoute({ method, url: path });
      return route !== null && !('*' in route.params);
    });
    if (allowed.length > 0) {
      const allow = allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
      return reply
        .status(405)
        .header('allow', allow.join(', '))
        .send({ success: false, message: `${request.method} is not allowed on ${path}; use ${allow.join(', ')}` } satisfies ApiError);
    }
    return reply.status(404).send({ success: false, message: `No API route for ${request.method} ${path}` } satisfies ApiError);
  };
  api.setNotFoundHandler(fallback);
  // Not an operation of the API: kept out of its OpenAPI document.
  api.route({ method: [...API_METHODS], url: '/*', schema: { hide: true }, handler: fallback });
}
