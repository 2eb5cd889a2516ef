import swagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { $ZodType } from 'zod/v4/core';
import { apiErrorSchema } from '../../contracts/api.ts';
import { accessOf, type Access } from '../modules/accounts/auth-plugin.ts';

/**
 * The OpenAPI 3.1 document of the JSON API, made from the routes themselves: their zod request and response
 * schemas (the contracts in contracts/), and who may call them, read from the guard each one runs. Nothing in it
 * is written by hand, so it cannot fall behind the code.
 */

export const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/');

/** The bearer session token (decision 3); the security scheme every guarded operation names. */
const SESSION = 'session';

const ACCESS_NOTE: Record<Access, string> = {
  public: 'Anyone may call it; a session token, when sent, identifies the caller.',
  customer: 'Needs a signed-in customer or admin: `Authorization: Bearer <token>`; 401 without one.',
  admin: 'Needs a signed-in admin: 401 without a session, 403 for a customer.',
};

/**
 * Every failure leaves as `{success:false, message, errors?}` (server/http/errors.ts); each /api route declares
 * that shape for its 4xx and 5xx answers, so an error body that drifts fails like any other response.
 */
const ERROR_RESPONSES = { '4xx': apiErrorSchema, '5xx': apiErrorSchema } as const;

const BINARY = { type: 'string', format: 'binary' } as const;

/**
 * Non-JSON answers, documented by content type only: a file (PDF, CSV), a stream or a page. The handler sends
 * bytes or a stream, which Fastify never serialises, so the schema here is for the reader of the document.
 */
export const contentResponse = (mediaType: string, description: string) => ({ description, content: { [mediaType]: { schema: BINARY } } });

/** A redirect, documented with its Location header. */
export const redirectResponse = (description: string) => ({ description, type: 'null', headers: { location: { type: 'string', description: 'Where to go' } } });

/** The operation's tag: its area of the API (`/api/admin/orders/…` is "admin orders"), for the reference's grouping. */
function tagOf(url: string): string {
  const [first = '', second = ''] = url.replace(/^\/api\/?/, '').split('/');
  const area = (segment: string) => segment.replace(/[.:].*$/, '');
  return first === 'admin' && second ? `admin ${area(second)}` : area(first) || 'api';
}

/**
 * fastify-type-provider-zod's transform turns the zod schemas into JSON Schema; this one adds the access rule, the
 * tag, and keeps the non-JSON responses above as they are (the zod transform only knows zod schemas).
 */
const transform: SwaggerTransform = (input) => {
  const { route, url } = input;
  if (!isApiPath(url)) return { schema: { hide: true }, url };
  const { response = {}, ...rest } = (input.schema ?? {}) as { response?: Record<string, unknown> };
  const zodResponses: Record<string, unknown> = {};
  const documented: Record<string, unknown> = {};
  for (const [code, entry] of Object.entries(response)) (entry instanceof $ZodType ? zodResponses : documented)[code] = entry;
  const base = jsonSchemaTransform({ ...input, schema: { ...rest, response: zodResponses } } as Parameters<typeof jsonSchemaTransform>[0]);
  const schema = base.schema as FastifySchema & { response?: object };
  if (schema.hide) return base;
  const access = accessOf(route as RouteOptions);
  return {
    url: base.url,
    schema: {
      ...schema,
      tags: schema.tags ?? [tagOf(url)],
      description: [schema.description, `**Access: ${access}.** ${ACCESS_NOTE[access]}`].filter(Boolean).join('\n\n'),
      security: access === 'public' ? [] : [{ [SESSION]: [] }],
      'x-requires': access,
      response: { ...documented, ...schema.response },
    },
  };
};

/**
 * Registers the document's collector before any route (it listens to routes as they are added) and gives every
 * /api route the shared error responses. Serve the document with `app.swagger()`.
 */
export async function registerOpenApi(app: FastifyInstance, info: { version: string }): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    const own = (route.schema?.response ?? {}) as Record<string, unknown>;
    route.schema = { ...route.schema, response: { ...own, ...Object.fromEntries(Object.entries(ERROR_RESPONSES).filter(([code]) => !(code in own))) } };
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Deosil Perfumes API',
        version: info.version,
        description:
          'The JSON API of the Deosil Perfumes shop, generated from its route schemas. Amounts are in rupees. ' +
          'Sign in with `POST /api/auth/login` (or `/api/admin/login`) and send the token as `Authorization: Bearer <token>`. ' +
          'Every failure is `{success: false, message, errors?}`; a 400 names the fields that were wrong.',
      },
      components: {
        securitySchemes: { [SESSION]: { type: 'http', scheme: 'bearer', description: 'The session token from sign-in (decision 3).' } },
      },
    },
    transform,
    transformObject: (input) => withoutSchemaIds(jsonSchemaTransformObject(input)),
  });
}

/**
 * The named schemas (`ApiError`…) come out of zod's registry as stand-alone JSON Schemas, each with a `$schema` and
 * an `$id` of '#/components/schemas/…'. In OpenAPI 3.1 an `$id` sets a new base for the references inside and to
 * the schema, so readers (Swagger UI among them) fail to resolve '#/components/schemas/ApiError' from an
 * operation. Components need neither: the document states the dialect once.
 */
function withoutSchemaIds<T>(document: T): T {
  const schemas = (document as { components?: { schemas?: Record<string, Record<string, unknown>> } }).components?.schemas;
  for (const schema of Object.values(schemas ?? {})) {
    delete schema.$id;
    delete schema.$schema;
  }
  return document;
}
