// The catalogue search without its read cache, as the bench's child process: `/forgiving?q=` is the shop's search
// (full text, trigrams, synonyms; decision record 0064), `/today?q=` the full-text search it replaced. Both go
// through ProductService.list on the same database, so the figures differ only by the search.
import Fastify from 'fastify';
import { openDatabase } from '../server/db/client.ts';
import { seedCatalogueIfEmpty } from '../server/db/seed/seed-catalogue.ts';
import { loadConfig } from '../server/config.ts';
import { ProductService } from '../server/modules/products/product-service.ts';
import { SearchSynonyms } from '../server/modules/products/search-synonyms.ts';

const database = await openDatabase(process.env.DATABASE_URL ? { kind: 'postgres', url: process.env.DATABASE_URL } : { kind: 'memory' });
await database.migrate();
await seedCatalogueIfEmpty(database.db, new Date(), loadConfig(process.env).declarationDefaults);
const forgiving = new ProductService(database.db, { synonyms: new SearchSynonyms(database.db) });
const today = new ProductService(database.db, { search: 'full-text' });

const app = Fastify();
app.get('/api/health', async () => ({ ok: true }));
for (const [path, service] of [['/forgiving', forgiving], ['/today', today]] as const) {
  app.get(path, async (request) => {
    const { products, pagination } = await service.list({ search: (request.query as { q?: string }).q ?? '' });
    return { found: products.length, total: pagination.total };
  });
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => database.close()).then(() => process.exit(0)));
