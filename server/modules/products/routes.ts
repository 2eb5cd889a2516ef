import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productListQuerySchema, productRefParamsSchema } from '../../../contracts/products.ts';
import { notFound } from '../../http/errors.ts';
import type { ProductService } from './product-service.ts';

export const productRoutes =
  (products: ProductService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/products', { schema: { querystring: productListQuerySchema } }, async (request) => ({
      success: true as const,
      ...(await products.list(request.query)),
    }));

    app.get('/products/categories', async () => ({ success: true as const, categories: await products.categories() }));

    app.get('/products/stats', async () => ({ success: true as const, stats: await products.stats() }));

    app.get('/products/:idOrSlug', { schema: { params: productRefParamsSchema } }, async (request) => {
      const product = await products.find(request.params.idOrSlug);
      if (!product) throw notFound('Product not found');
      return { success: true as const, product };
    });
  };
