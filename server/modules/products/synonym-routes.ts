import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { synonymsBodySchema, synonymsResponseSchema } from '../../../contracts/search.ts';
import { parseSynonymText, synonymText } from '../../../domain/search-synonyms.ts';
import type { CatalogueReader } from './catalogue-reader.ts';
import type { SearchSynonyms } from './search-synonyms.ts';
import { requirePermission } from '../accounts/auth-plugin.ts';

/** The search synonym list; mounted under /api/admin, where every route is for admins only. */
export const synonymAdminRoutes =
  (synonyms: SearchSynonyms, catalogue: CatalogueReader): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/admin/search-synonyms', { onRequest: requirePermission('products.write'), schema: { response: { 200: synonymsResponseSchema } } }, async () => {
      const groups = await synonyms.list();
      return { success: true as const, text: synonymText(groups), groups };
    });

    app.put('/admin/search-synonyms', { onRequest: requirePermission('products.write'), schema: { body: synonymsBodySchema, response: { 200: synonymsResponseSchema } } }, async (request) => {
      const parsed = parseSynonymText(request.body.text);
      // The body schema has refused what does not parse.
      const groups = 'groups' in parsed ? parsed.groups : [];
      await synonyms.replace(groups);
      // Cached searches were answered with the old list: clear them here and in every other process.
      catalogue.invalidate();
      return { success: true as const, text: synonymText(groups), groups };
    });
  };
