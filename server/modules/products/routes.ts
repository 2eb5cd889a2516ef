import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoriesResponseSchema,
  productListQuerySchema,
  productListResponseSchema,
  productRefParamsSchema,
  productResponseSchema,
  productStatsResponseSchema,
} from '../../../contracts/products.ts';
import { sendCachedJson } from '../../http/content-encoding.ts';
import { notFound } from '../../http/errors.ts';
import type { CatalogueReader } from './catalogue-reader.ts';

export const productRoutes =
  (catalogue: CatalogueReader): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/products', { schema: { querystring: productListQuerySchema, response: { 200: productListResponseSchema } } }, async (request, reply) =>
      sendCachedJson(request, reply, await catalogue.list(request.query)),
    );

    app.get('/products/categories', { schema: { response: { 200: categoriesResponseSchema } } }, async (request, reply) =>
      sendCachedJson(request, reply, await catalogue.categories()),
    );

    app.get('/products/stats', { schema: { response: { 200: productStatsResponseSchema } } }, async (request, reply) =>
      sendCachedJson(request, reply, await catalogue.stats()),
    );

    app.get('/products/:id', { schema: { params: productRefParamsSchema, response: { 200: productResponseSchema } } }, async (request, reply) => {
      const read = await catalogue.find(request.params.id);
      if (!read.value) throw notFound('Product not found');
      return sendCachedJson(request, reply, read);
    });
  };
