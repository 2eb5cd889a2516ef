import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import type { AccountService, AuthUser } from './account-service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, from `Authorization: Bearer <token>`; null for visitors and dead tokens. */
    user: AuthUser | null;
    /** Hash of the caller's session token (to end this session, or all but this one). */
    sessionHash: string | null;
  }
}

/** Routes under /api/admin that a visitor must reach: the door itself. */
const PUBLIC_ADMIN_ROUTES = new Set(['POST /api/admin/login']);

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Resolves `request.user` for every API request that carries a bearer token, before any validation or
 * handler runs, and marks every answer to such a request `Cache-Control: no-store`. Call once on the root
 * instance, before routes are registered.
 */
export function registerAuthentication(app: FastifyInstance, accounts: AccountService): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionHash', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token || !request.url.startsWith('/api/')) return;
    const session = await accounts.authenticate(token);
    if (session) {
      request.user = session.user;
      request.sessionHash = session.tokenHash;
    }
  });
  // An answer to a request with a session token is that person's (their profile, their orders, an admin's
  // screens): no cache on its way, a proxy's, a CDN's or the browser's, may keep it for anyone, or for later.
  app.addHook('onSend', async (request, reply) => {
    if (!bearerToken(request)) return;
    if (!/\bno-store\b/.test(String(reply.getHeader('cache-control') ?? ''))) void reply.header('cache-control', 'no-store');
  });
  guardAdminRoutes(app);
}

/** Use as `onRequest` (or `preHandler`) on any route that needs a signed-in customer or admin. */
export const requireCustomer: onRequestHookHandler = async (request: FastifyRequest, _reply: FastifyReply) => {
  if (!request.user) throw new HttpError(401, 'Authentication required');
};

/** 401 for nobody, 403 for a signed-in customer. Every /api/admin/* route gets it automatically. */
export const requireAdmin: onRequestHookHandler = async (request: FastifyRequest, _reply: FastifyReply) => {
  if (!request.user) throw new HttpError(401, 'Authentication required');
  if (request.user.role !== 'admin') throw new HttpError(403, 'Admin access required');
};

/**
 * Makes every route under /api/admin admin-only as it is added, whoever adds it and however it is written,
 * except the admin sign-in. The guard runs on request, before body validation, so a visitor learns nothing
 * about an admin route's input.
 */
function guardAdminRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isAdminPath(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => PUBLIC_ADMIN_ROUTES.has(`${method} ${route.url}`))) return;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [requireAdmin, ...existing];
  });
}

export function isAdminPath(url: string): boolean {
  return url === '/api/admin' || url.startsWith('/api/admin/');
}

export type Access = 'public' | 'customer' | 'admin';

/** Who may call a route, read from the guard it runs on request: the API reference states it from this. */
export function accessOf(route: Pick<RouteOptions, 'onRequest'>): Access {
  const guards = [route.onRequest ?? []].flat();
  if (guards.includes(requireAdmin)) return 'admin';
  if (guards.includes(requireCustomer)) return 'customer';
  return 'public';
}
