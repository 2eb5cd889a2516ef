import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '../../../contracts/api.ts';
import {
  cartRestoreBodySchema,
  keptCartBodySchema,
  keptCartResponseSchema,
  recoveryReportQuerySchema,
  recoveryReportResponseSchema,
} from '../../../contracts/cart-recovery.ts';
import { requireCustomer, requirePermission } from '../accounts/auth-plugin.ts';
import type { CartRecovery } from './cart-recovery.ts';
import type { KeptCarts } from './kept-carts.ts';
import type { RecoveryReport } from './recovery-report.ts';

/** The signed-in shopper's cart kept on the server, and a reminder's link that restores a cart on any device. */
export const keptCartRoutes =
  (carts: KeptCarts, recovery: CartRecovery): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/cart', { onRequest: requireCustomer, schema: { response: { 200: keptCartResponseSchema } } }, async (request) => ({
      success: true as const,
      items: await carts.read(request.user!.id),
    }));

    app.put('/cart', { onRequest: requireCustomer, schema: { body: keptCartBodySchema, response: { 200: messageResponseSchema } } }, async (request) => {
      await carts.replace(request.user!.id, request.body.items);
      return { success: true as const, message: 'Cart kept' };
    });

    app.post('/cart/merge', { onRequest: requireCustomer, schema: { body: keptCartBodySchema, response: { 200: keptCartResponseSchema } } }, async (request) => ({
      success: true as const,
      items: await carts.merge(request.user!.id, request.body.items),
    }));

    // Open to a visitor: the link is the key, sent only to the cart's owner; a signed-in other account gets a 404.
    app.post('/cart/restore', { schema: { body: cartRestoreBodySchema, response: { 200: keptCartResponseSchema } } }, async (request) => ({
      success: true as const,
      items: await recovery.restore(request.body.token, request.user?.id),
    }));
  };

/** /admin/recovery's figures; under /api/admin, so admin only. */
export const recoveryAdminRoutes =
  (report: RecoveryReport): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/admin/recovery', { onRequest: requirePermission('reports.read'), schema: { querystring: recoveryReportQuerySchema, response: { 200: recoveryReportResponseSchema } } }, async (request) => ({
      success: true as const,
      ...(await report.read(request.query)),
    }));
  };
