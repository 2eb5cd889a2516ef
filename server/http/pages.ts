import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { ShopApi, ShopLoadContext } from '../../contracts/shop-api.ts';
import { preferredEncoding } from './content-encoding.ts';
import { UNAVAILABLE_MESSAGE } from './errors.ts';
import { pageCacheKey, pageOf, type PageCache, type RenderedPage } from './page-cache.ts';
import { pageRoutePattern } from './page-route-pattern.ts';
import { StaticFiles } from './static-files.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** A storefront page request's route pattern (page-route-pattern.ts), 'static' for a file of the build; null elsewhere. */
    pageRoute: string | null;
  }
}
import { sendWebResponse, toWebRequest } from './web-request.ts';

export const BUILD_DIR = path.resolve('build');
const SERVER_BUILD = path.join(BUILD_DIR, 'server', 'index.js');
const CLIENT_BUILD = path.join(BUILD_DIR, 'client');

export function hasProductionBuild(): boolean {
  return existsSync(SERVER_BUILD);
}

let productionBuild: Promise<ServerBuild> | undefined;

/**
 * The storefront's production build, imported once. Importing it (React, the routes, their modules) is among the
 * slowest parts of a start, so a start begins it before the database is even open and nothing waits on it but
 * the first page; the API answers meanwhile.
 */
export function loadProductionBuild(): Promise<ServerBuild> {
  if (!productionBuild) {
    productionBuild = import(SERVER_BUILD) as Promise<ServerBuild>;
    // Whoever asks for a page hears a failure; a start that never serves one must not die of it unasked.
    productionBuild.catch(() => undefined);
  }
  return productionBuild;
}

export interface PagesOptions {
  mode: 'production' | 'development';
  shop: ShopApi;
  /** The configured public address: canonical links and the sitemap never echo the request's Host header. */
  publicUrl: string;
  /** Shareable storefront pages are served from here (production only). */
  cache?: PageCache;
  /** The policy of a cached page: its inline scripts' hashes instead of a nonce. */
  cspWithHashes?: (hashes: string[]) => string;
  /** Counts page cache hits and misses by page. */
  countCache?: (request: FastifyRequest, outcome: 'hit' | 'miss' | 'bypass') => void;
  /** Whether the database answers: a page that failed while it does not is a 503, not a 500. */
  databaseUp: () => Promise<boolean>;
}

/**
 * What a CDN or proxy in front may do with a shared page: keep it 30 s, then serve it stale for up to a minute
 * while it fetches a fresh one. Browsers revalidate every time (max-age=0) with the ETag, a 304 when unchanged.
 */
export const SHARED_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=60';

const policies = new WeakMap<RenderedPage, string>();

function sendPage(request: FastifyRequest, reply: FastifyReply, page: RenderedPage, cspWithHashes: PagesOptions['cspWithHashes']): FastifyReply {
  for (const [name, value] of page.headers) void reply.header(name, value);
  if (cspWithHashes) {
    // A cached page's policy is the same on every response: built once per page.
    let policy = policies.get(page);
    if (policy === undefined) {
      policy = cspWithHashes(page.scriptHashes);
      policies.set(page, policy);
    }
    void reply.header('content-security-policy', policy);
  }
  void reply.status(page.status);
  if (page.br || page.gzip) void reply.header('vary', 'Accept-Encoding');
  if (!page.cacheable) return reply.header('cache-control', 'no-store').send(page.body);
  void reply.header('etag', page.etag).header('cache-control', SHARED_PAGE_CACHE_CONTROL);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === page.etag || tag.trim() === page.etag.slice(2) || tag.trim() === '*')) {
    return reply.status(304).send();
  }
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const compressed = encoding && page[encoding];
  if (compressed) return reply.header('content-encoding', encoding).send(compressed);
  return reply.send(page.body);
}

/**
 * Serves the React Router app: static client assets, then server-rendered pages on every other path. Page
 * loaders get the same services as the JSON API through the load context.
 */
export async function registerPages(app: FastifyInstance, options: PagesOptions): Promise<void> {
  app.decorateRequest('pageRoute', null);
  await app.register(async (pages) => {
    // Pages read request bodies themselves (form actions), so Fastify must leave them untouched here.
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('*', (_request, _payload, done) => done(null));

    let loadBuild: () => Promise<ServerBuild>;
    // The browser build's files, looked up before any page (in development Vite serves them).
    const staticFiles = options.mode === 'production' ? StaticFiles.of(CLIENT_BUILD) : undefined;
    if (options.mode === 'development') {
      const { createServer } = await import('vite');
      const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
      await pages.register((await import('@fastify/middie')).default);
      pages.use(vite.middlewares);
      pages.addHook('onClose', () => vite.close());
      loadBuild = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
    } else {
      loadBuild = loadProductionBuild;
      loadProductionBuild().catch((error: unknown) => app.log.error({ err: error }, 'The storefront build could not be loaded'));
    }

    const handlers = new WeakMap<ServerBuild, ReturnType<typeof createRequestHandler>>();
    pages.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      handler: async (request, reply) => {
        const file = request.method === 'GET' || request.method === 'HEAD' ? staticFiles?.find(request.url) : undefined;
        if (staticFiles && file) {
          // Counted under one 'static' label (scale/metrics.ts), never one per file.
          request.pageRoute = 'static';
          return staticFiles.send(request, reply, file);
        }
        const build = await loadBuild();
        request.pageRoute = pageRoutePattern(build, new URL(request.url, 'http://page').pathname);
        let handle = handlers.get(build);
        if (!handle) {
          // The build's own copy of the handler (app/entry.server.tsx): React Router's production build.
          const fromBuild = (build.entry.module as { createRequestHandler?: typeof createRequestHandler }).createRequestHandler;
          handle = (fromBuild ?? createRequestHandler)(build, options.mode);
          handlers.set(build, handle);
        }
        const origin = options.publicUrl;
        const key = options.cache && pageCacheKey(request.method, request.url, request.headers);
        if (options.cache && key) {
          // Rendered without a nonce, once for everyone: the policy names the inline scripts' hashes instead.
          // The request is a clean GET of the URL: nothing of the first visitor's (headers, a hang-up) shapes what
          // everyone else is sent.
          const render = async () => pageOf(await handle(new Request(new URL(request.url, origin)), { shop: options.shop, origin } satisfies ShopLoadContext as never), true);
          const { page, outcome } = await options.cache.get(key, render);
          options.countCache?.(request, outcome);
          if (page.status >= 500 && !(await options.databaseUp())) return unavailable(reply);
          return sendPage(request, reply, page, options.cspWithHashes);
        }
        if (request.method === 'GET') options.countCache?.(request, 'bypass');
        const context: ShopLoadContext = { shop: options.shop, origin, cspNonce: reply.cspNonce };
        const response = await handle(toWebRequest(request, reply, origin), context as never);
        if (response.status >= 500 && !(await options.databaseUp())) return unavailable(reply);
        // Rendered for this request with its own nonce: nobody else may be sent it.
        if (!response.headers.has('cache-control')) void reply.header('cache-control', 'private, no-cache');
        return sendWebResponse(reply, response);
      },
    });
  });
}

/** While the database is away a page cannot be rendered; 503 tells browsers and proxies it is temporary. */
function unavailable(reply: FastifyReply): FastifyReply {
  return reply
    .status(503)
    .header('retry-after', '5')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(`<!DOCTYPE html><html lang="en-IN"><head><meta charset="utf-8"><title>Deosil Perfumes</title></head><body><p>${UNAVAILABLE_MESSAGE}</p></body></html>`);
}
