import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { ShopApi, ShopLoadContext } from '../../contracts/shop-api.ts';
import { sendWebResponse, toWebRequest } from './web-request.ts';

export const BUILD_DIR = path.resolve('build');
const SERVER_BUILD = path.join(BUILD_DIR, 'server', 'index.js');
const CLIENT_BUILD = path.join(BUILD_DIR, 'client');

export function hasProductionBuild(): boolean {
  return existsSync(SERVER_BUILD);
}

export interface PagesOptions {
  mode: 'production' | 'development';
  shop: ShopApi;
  /** The configured public address: canonical links and the sitemap never echo the request's Host header. */
  publicUrl: string;
}

/**
 * Serves the React Router app: static client assets, then server-rendered pages on every other path. Page
 * loaders get the same services as the JSON API through the load context.
 */
export async function registerPages(app: FastifyInstance, options: PagesOptions): Promise<void> {
  await app.register(async (pages) => {
    // Pages read request bodies themselves (form actions), so Fastify must leave them untouched here.
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('*', (_request, _payload, done) => done(null));

    let loadBuild: () => Promise<ServerBuild>;
    if (options.mode === 'development') {
      const { createServer } = await import('vite');
      const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
      await pages.register((await import('@fastify/middie')).default);
      pages.use(vite.middlewares);
      pages.addHook('onClose', () => vite.close());
      loadBuild = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
    } else {
      const build = (await import(SERVER_BUILD)) as ServerBuild;
      loadBuild = async () => build;
      await pages.register(fastifyStatic, {
        root: CLIENT_BUILD,
        wildcard: false,
        // The build writes .br and .gz copies of its text files (scripts/vite-precompress.ts).
        preCompressed: true,
        // Vite fingerprints everything under /assets, so those files never change under their name. `send` would
        // otherwise overwrite this header with its own 'max-age=0'.
        cacheControl: false,
        setHeaders: (res, filePath) => {
          res.setHeader(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=86400',
          );
          // The same address answers brotli, gzip or plain bytes, so shared caches must key on the encoding.
          res.setHeader('vary', 'Accept-Encoding');
        },
      });
    }

    const handlers = new WeakMap<ServerBuild, ReturnType<typeof createRequestHandler>>();
    pages.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      handler: async (request, reply) => {
        const build = await loadBuild();
        let handle = handlers.get(build);
        if (!handle) {
          handle = createRequestHandler(build, options.mode);
          handlers.set(build, handle);
        }
        const origin = options.publicUrl;
        const context: ShopLoadContext = { shop: options.shop, origin, cspNonce: reply.cspNonce };
        const response = await handle(toWebRequest(request, reply, origin), context as never);
        return sendWebResponse(reply, response);
      },
    });
  });
}
