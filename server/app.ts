import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ShopApi } from '../contracts/shop-api.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { registerErrorHandling, sendApiNotFound } from './http/errors.ts';
import { registerPages } from './http/pages.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { CatalogueReader } from './modules/products/catalogue-reader.ts';
import { ProductService } from './modules/products/product-service.ts';
import { productRoutes } from './modules/products/routes.ts';
import { storefrontRoutes } from './modules/storefront/routes.ts';
import { StorefrontService } from './modules/storefront/storefront-service.ts';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Serve the React pages too ('production' needs `npm run build` first); tests of the API leave it off. */
  pages?: 'production' | 'development' | false;
}

export interface Services {
  products: ProductService;
  catalogue: CatalogueReader;
  storefront: StorefrontService;
}

export function createServices(database: DatabaseHandle, config: Config): Services {
  const products = new ProductService(database.db);
  return {
    products,
    catalogue: new CatalogueReader(products, { ttlMs: config.catalogueCacheTtlMs }),
    storefront: new StorefrontService(database.db),
  };
}

/** The page loaders' view of the services: the same objects the JSON API calls. */
function shopApiOf(services: Services): ShopApi {
  return {
    products: {
      list: async (query) => (await services.catalogue.list(query)).value,
      find: async (idOrSlug) => (await services.catalogue.find(idOrSlug)).value,
      categories: async () => (await services.catalogue.categories()).value,
    },
  };
}

/** Builds the whole shop without listening, so tests drive it through `app.inject`. */
export async function buildApp({ config, database, pages = false }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // Long enough for slow phones on Indian mobile networks, short enough to shed dead connections.
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerSecurityHeaders(app, { development: pages === 'development' });
  registerErrorHandling(app);
  // Pages and other dynamic responses are compressed as they stream; cached catalogue JSON arrives
  // already compressed and is left alone (it carries its own Content-Encoding).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  const services = createServices(database, config);

  await app.register(
    async (api) => {
      sendApiNotFound(api);
      await api.register(healthRoutes(database.ping));
      await api.register(productRoutes(services.catalogue));
      await api.register(storefrontRoutes(services.storefront, { max: config.publicFormRateLimit, windowMs: 60_000 }));
    },
    { prefix: '/api' },
  );

  if (pages) {
    await registerPages(app, { mode: pages, shop: shopApiOf(services), publicUrl: config.publicUrl });
  }
  return app;
}
