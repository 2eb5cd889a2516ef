import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminProductListQuerySchema,
  adminProductListResponseSchema,
  adminProductResponseSchema,
  inventoryChangeSchema,
  productIdParamsSchema,
  productInputSchema,
  productRemovedResponseSchema,
} from '../../../contracts/admin-products.ts';
import { requirePermission } from '../accounts/auth-plugin.ts';
import type { AdminProductService } from './admin-product-service.ts';

/**
 * Product management. The list lives under /api/admin (guarded there automatically); the writes keep the
 * catalogue's own paths (/api/products…) as the portal has always called them, so each carries the admin
 * guard explicitly. The guard runs on request, before the body is read.
 */
export const adminProductRoutes =
  (service: AdminProductService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/admin/products', { onRequest: requirePermission('products.write'), schema: { querystring: adminProductListQuerySchema, response: { 200: adminProductListResponseSchema } } }, async (request) => ({
      success: true as const,
      ...(await service.list(request.query)),
    }));

    app.post('/products', { onRequest: requirePermission('products.write'), schema: { body: productInputSchema, response: { 201: adminProductResponseSchema } } }, async (request, reply) => {
      const product = await service.create(request.user!.id, request.body);
      return reply.status(201).send({ success: true as const, message: 'Product created', product });
    });

    app.put('/products/:id', { onRequest: requirePermission('products.write'), schema: { params: productIdParamsSchema, body: productInputSchema, response: { 200: adminProductResponseSchema } } }, async (request) => ({
      success: true as const,
      message: 'Product updated',
      product: await service.update(request.user!.id, request.params.id, request.body),
    }));

    app.delete('/products/:id', { onRequest: requirePermission('products.write'), schema: { params: productIdParamsSchema, response: { 200: productRemovedResponseSchema } } }, async (request) => {
      const { archived } = await service.remove(request.user!.id, request.params.id);
      return {
        success: true as const,
        archived,
        message: archived ? 'Product archived: orders name it, so it is kept for their history and hidden from the shop' : 'Product deleted',
      };
    });

    app.patch(
      '/products/:id/inventory',
      { onRequest: requirePermission('products.write'), schema: { params: productIdParamsSchema, body: inventoryChangeSchema, response: { 200: adminProductResponseSchema } } },
      async (request) => ({
        success: true as const,
        message: 'Inventory updated',
        product: await service.changeInventory(request.user!.id, request.params.id, request.body),
      }),
    );
  };
