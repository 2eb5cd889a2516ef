import swagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { $ZodType } from 'zod/v4/core';
import { apiErrorSchema } from '../../contracts/api.ts';
import { accessOf, needOf, type Access, type RouteNeed } from '../modules/accounts/auth-plugin.ts';
import { operationNameOf } from './operations.ts';

/**
 * The OpenAPI 3.1 document of the JSON API, made from the routes themselves: their zod request and response
 * schemas (the contracts in contracts/), and who may call them, read from the guard each one runs. Nothing in it
 * is written by hand, so it cannot fall behind the code.
 */

export const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/');

/** Fastify's `/api/orders/:orderId` as OpenAPI writes it, `/api/orders/{orderId}`. */
export const openApiPathOf = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** The bearer session token (decision 3); the security scheme every guarded operation names. */
const SESSION = 'session';

const ACCESS_NOTE: Record<Access, string> = {
  public: 'Anyone may call it; a session token, when sent, identifies the caller.',
  customer: 'Needs a signed-in customer or admin: `Authorization: Bearer <token>`; 401 without one.',
  admin: 'Needs a signed-in staff member: 401 without a session, 403 for a customer or a role without the permission below.',
};

/** The staff permission a back-office route declares (docs/decisions/0062), as the reference states it. */
function permissionNote(need: RouteNeed): string {
  if (need === 'any-staff') return '**Permission:** any signed-in staff member.';
  if (need === 'undeclared') return '**Permission:** owners only (the route declares no permission).';
  const names = need.map((permission) => `\`${permission}\``).join(' or ');
  return `**Permission:** ${names}; a staff member whose role lacks it gets 403 naming it.`;
}

/**
 * Every failure leaves as `{success:false, message, errors?}` (server/http/errors.ts); each /api route declares
 * that shape for its 4xx and 5xx answers, so an error body that drifts fails like any other response.
 */
const ERROR_RESPONSES = { '4xx': apiErrorSchema, '5xx': apiErrorSchema } as const;

const BINARY = { type: 'string', format: 'binary' } as const;

/**
 * Non-JSON answers, documented by content type only: a file (PDF, CSV), a stream or a page. The handler sends
 * bytes or a stream, which Fastify never serialises, so the schema here is for the reader of the document. A
 * route that answers in more than one type (a script or a style sheet) lists each.
 */
export const contentResponse = (mediaType: string | readonly string[], description: string) => ({
  description,
  content: Object.fromEntries((typeof mediaType === 'string' ? [mediaType] : mediaType).map((type) => [type, { schema: BINARY }])),
});

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
  const need = needOf(route as RouteOptions);
  // One name per operation: a route registered for several methods at once would share it, so it gets none.
  const name = typeof route.method === 'string' ? operationNameOf(route.method, openApiPathOf(url)) : undefined;
  return {
    url: base.url,
    schema: {
      ...name,
      ...schema,
      tags: schema.tags ?? [tagOf(url)],
      description: [schema.description, `**Access: ${access}.** ${ACCESS_NOTE[access]}`, need && permissionNote(need)].filter(Boolean).join('\n\n'),
      security: access === 'public' ? [] : [{ [SESSION]: [] }],
      'x-requires': access,
      ...(need ? { 'x-permission': typeof need === 'string' ? need : need.join(' | ') } : {}),
      response: { ...documented, ...schema.response },
    },
  };
};

/**
 * Registers the document's collector before any route (it listens to routes as they are added) and gives every
 * /api route the shared error responses. Serve the document with `app.swagger()`.
 */
export async function registerOpenApi(app: FastifyInstance, info: { version: string; publicUrl: string }): Promise<void> {
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
        // The shop's own API, published for its storefront and partners who build against it; not open source.
        license: { name: 'Proprietary', url: `${info.publicUrl}/terms` },
      },
      // Paths in the document start with /api, so the server is the shop's public address itself.
      servers: [{ url: info.publicUrl, description: 'This shop' }],
      components: {
        securitySchemes: { [SESSION]: { type: 'http', scheme: 'bearer', description: 'The session token from sign-in (decision 3).' } },
      },
    },
    transform,
    transformObject: (input) => withoutUnusedSchemas(withExhaustiveRecordsSpelledOut(withoutSchemaIds(jsonSchemaTransformObject(input)))),
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

/**
 * zod writes a record over an enum (`z.record(z.enum([...]), z.number())`, a count for every order status) as
 * `propertyNames` + `additionalProperties` + `required`. That is valid JSON Schema, but OpenAPI readers and code
 * generators look for required keys among `properties` and find none, so such a record is spelled out as the
 * object it is: each of its keys, required, with the value schema.
 */
function withExhaustiveRecordsSpelledOut<T>(document: T): T {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const schema = node as Record<string, unknown>;
    const keys = (schema.propertyNames as { enum?: unknown[] } | undefined)?.enum;
    const value = schema.additionalProperties;
    if (schema.type === 'object' && !schema.properties && Array.isArray(schema.required) && Array.isArray(keys) && value && typeof value === 'object') {
      schema.properties = Object.fromEntries(keys.map((key) => [String(key), value]));
      schema.additionalProperties = false;
      delete schema.propertyNames;
    }
    Object.values(schema).forEach(visit);
  };
  visit(document);
  return document;
}

/**
 * zod's registry yields an input and an output variant of each named schema (`ApiErrorInput` beside `ApiError`);
 * only the ones an operation refers to belong in the document.
 */
function withoutUnusedSchemas<T>(document: T): T {
  const components = (document as { components?: { schemas?: Record<string, unknown> } }).components;
  if (!components?.schemas) return document;
  const { schemas, ...rest } = components;
  // References between components count too: keep removing until nothing unreferenced is left.
  let remaining = { ...schemas };
  for (;;) {
    const text = JSON.stringify({ ...(document as object), components: { ...rest, schemas: remaining } });
    const unused = Object.keys(remaining).filter((name) => !text.includes(`"#/components/schemas/${name}"`));
    if (unused.length === 0) break;
    remaining = Object.fromEntries(Object.entries(remaining).filter(([name]) => !unused.includes(name)));
  }
  components.schemas = remaining;
  return document;
}
