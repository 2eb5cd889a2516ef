import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import { PERMISSION_NAMES, type Permission } from '../../../domain/staff-roles.ts';
import type { StaffIdentity } from '../staff/staff-identity.ts';
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
const PUBLIC_ADMIN_ROUTES = new Set([
  'POST /api/admin/login',
  // The second step of sign-in and enrolment carry the password's challenge, not a session.
  'POST /api/admin/login/second-factor',
  'POST /api/admin/login/enrolment',
  'POST /api/admin/login/enrolment/confirm',
  // An invitation's link is its own proof.
  'POST /api/admin/invitations/open',
  'POST /api/admin/invitations/accept',
]);

/** The admin routes a visitor must reach: the sign-in steps and the invitation link. */
export const isPublicAdminRoute = (method: string, url: string) => PUBLIC_ADMIN_ROUTES.has(`${method} ${url}`);

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

/**
 * What an admin route needs (docs/decisions/0062): a permission, or `any-staff` for the signed-in staff member's
 * own things (their session, their inbox). Each admin route declares it next to itself with
 * `onRequest: requirePermission('orders.refund')` (or `requireStaff`); the OpenAPI document and the route
 * matrix test read it from the guard. A route under /api/admin that declares nothing is for owners only.
 */
/** The permissions of which the caller needs one, `any-staff`, or `undeclared` (owners only). */
export type RouteNeed = readonly Permission[] | 'any-staff' | 'undeclared';

const NEED = Symbol('route need');
type Guard = onRequestHookHandler & { [NEED]: RouteNeed };

const guard = (need: RouteNeed, check: (request: FastifyRequest) => void): Guard =>
  Object.assign(async (request: FastifyRequest, _reply: FastifyReply) => check(request), { [NEED]: need }) as Guard;

/** 401 for nobody, 403 for a customer: the request's staff identity, or a refusal. */
function staffOf(request: FastifyRequest): StaffIdentity {
  if (!request.user) throw new HttpError(401, 'Authentication required');
  if (request.user.role !== 'admin' || !request.user.staff) throw new HttpError(403, 'Admin access required');
  return request.user.staff;
}

/** The 403 that names what is missing, so the person can ask the owner for exactly that. */
export const missingPermission = (staff: StaffIdentity, permission: Permission) =>
  new HttpError(403, `Your role (${staff.roleName}) does not include the permission ${permission}`, [{ field: 'permission', message: permission }]);

const permissionGuards = new Map<Permission, Guard>();

/** The guard of an admin route that needs `permission`; one guard per permission. */
export function requirePermission(permission: Permission): onRequestHookHandler {
  let found = permissionGuards.get(permission);
  if (!found) {
    found = guard([permission], (request) => {
      const staff = staffOf(request);
      if (!staff.permissions.includes(permission)) throw missingPermission(staff, permission);
    });
    permissionGuards.set(permission, found);
  }
  return found;
}

/**
 * The guard of a route whose actions need different permissions (a return is approved by support, received by
 * the packer): it lets in whoever holds one of them, and the handler checks the action's own with
 * `assertPermission`. The OpenAPI document names them all.
 */
export function requireOneOf(...permissions: [Permission, ...Permission[]]): onRequestHookHandler {
  return guard(permissions, (request) => {
    const staff = staffOf(request);
    if (!permissions.some((permission) => staff.permissions.includes(permission))) throw missingPermission(staff, permissions[0]);
  });
}

/** Inside a handler: 403 naming `permission` unless the caller holds it. */
export function assertPermission(request: FastifyRequest, permission: Permission): void {
  const staff = staffOf(request);
  if (!staff.permissions.includes(permission)) throw missingPermission(staff, permission);
}

/** Any signed-in staff member: for their own session and inbox, never for the shop's data. */
export const requireStaff: onRequestHookHandler = guard('any-staff', (request) => void staffOf(request));

/**
 * The guard every /api/admin route gets when it declares none (and what a route outside /api/admin used before
 * roles existed): owners only, that is, a role holding every permission. The route test fails for such a route.
 */
export const requireAdmin: onRequestHookHandler = guard('undeclared', (request) => {
  const staff = staffOf(request);
  const missing = PERMISSION_NAMES.find((permission) => !staff.permissions.includes(permission));
  if (missing) throw new HttpError(403, 'This action is for the owner', [{ field: 'permission', message: 'owner' }]);
});

/**
 * Makes every route under /api/admin staff-only as it is added, whoever adds it and however it is written,
 * except the admin sign-in steps. The guard runs on request, before body validation, so a visitor learns
 * nothing about an admin route's input. A route with its own declared guard keeps it; one without gets
 * `requireAdmin` (owners only).
 */
function guardAdminRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isAdminPath(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => PUBLIC_ADMIN_ROUTES.has(`${method} ${route.url}`))) return;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    if (needOf(route) !== null) return;
    route.onRequest = [requireAdmin, ...existing];
  });
}

export function isAdminPath(url: string): boolean {
  return url === '/api/admin' || url.startsWith('/api/admin/');
}

/** What a route's guard declares it needs, or null for a route with no staff guard. */
export function needOf(route: Pick<RouteOptions, 'onRequest'>): RouteNeed | null {
  for (const hook of [route.onRequest ?? []].flat()) {
    const need = (hook as Partial<Guard>)[NEED];
    if (need) return need;
  }
  return null;
}

export type Access = 'public' | 'customer' | 'admin';

/** Who may call a route, read from the guard it runs on request: the API reference states it from this. */
export function accessOf(route: Pick<RouteOptions, 'onRequest'>): Access {
  if (needOf(route) !== null) return 'admin';
  const guards = [route.onRequest ?? []].flat();
  if (guards.includes(requireCustomer)) return 'customer';
  return 'public';
}
