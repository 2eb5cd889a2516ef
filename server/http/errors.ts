import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError, FieldError } from '../../contracts/api.ts';

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

function fieldErrors(error: FastifyError & { validation: { instancePath: string; message?: string }[] }): FieldError[] {
  return error.validation.map((issue) => ({
    field: issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || (error.validationContext ?? 'body'),
    message: issue.message ?? 'is invalid',
  }));
}

/**
 * Every API failure leaves as `{success:false, message}`; a 400 names the fields. A 500 says nothing about
 * the inside of the shop: the details go to the log, with the request id to find them.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    let status = 500;
    let body: ApiError = { success: false, message: 'Something went wrong on our side. Please try again.' };

    if (error instanceof HttpError) {
      status = error.statusCode;
      body = { success: false, message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
      if (error.headers) void reply.headers(error.headers);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const errors = fieldErrors(error);
      body = { success: false, message: errors[0]?.message ?? 'Invalid request', errors };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, rate limit...) carry safe messages.
      status = error.statusCode;
      body = { success: false, message: error.message };
    }

    if (status >= 500) request.log.error({ err: error }, 'request failed');
    void reply.status(status).send(body);
  });
}

export function sendApiNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({ success: false, message: `No API route for ${request.method} ${request.url.split('?')[0]}` });
  });
}
