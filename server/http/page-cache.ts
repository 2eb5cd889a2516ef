import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { BoundedMap } from '../lib/bounded-map.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A storefront response rendered once and kept with its compressed copies, validator and script hashes. */
export interface RenderedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  /** Weak: the same page in any of its encodings. */
  etag: string;
  /** `'sha256-…'` of every inline script, for the page's Content-Security-Policy in place of a nonce. */
  scriptHashes: string[];
  /** Whether the page may be kept and shared: a 200 with nothing personal. */
  cacheable: boolean;
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The CSP source of each inline script of an HTML document: its SHA-256, as the browser computes it. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    hashes.add(`'sha256-${createHash('sha256').update(match[1] ?? '', 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript)|application\/.*\+xml)/;

/** Buffers a rendered response into a page: the body, brotli and gzip copies (on the thread pool), its ETag. */
export async function pageOf(response: Response, cacheable: boolean): Promise<RenderedPage> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers = [...response.headers].filter(([name]) => name !== 'set-cookie' && name !== 'content-length');
  const type = response.headers.get('content-type') ?? '';
  const compress = body.length >= 1024 && COMPRESSIBLE.test(type);
  const [br, gz] = compress
    ? await Promise.all([
        brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gzipAsync(body, { level: 9 }),
      ])
    : [undefined, undefined];
  return {
    status: response.status,
    headers,
    body,
    br,
    gzip: gz,
    etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`,
    scriptHashes: type.startsWith('text/html') ? inlineScriptHashes(body.toString('utf8')) : [],
    cacheable: cacheable && response.status === 200 && !response.headers.has('set-cookie'),
  };
}

interface Entry {
  expiresAt: number;
  generation: number;
  page: Promise<RenderedPage>;
  /** The page's bytes in all its encodings; 0 while it renders. */
  bytes: number;
}

/** What a kept page holds: its body and its compressed copies (headers and hashes are small beside them). */
function pageBytes(page: RenderedPage): number {
  return page.body.length + (page.br?.length ?? 0) + (page.gzip?.length ?? 0);
}

export type CacheOutcome = 'hit' | 'miss';

/** Pages kept at most: every potion page of a large catalogue and the catalogue's common filters and pages. */
export const PAGE_CACHE_PAGES = 300;

/**
 * Storefront pages that are the same for every visitor, kept in memory: at most `maxEntries` pages and
 * `maxBytes` bytes of them (a page counted once rendered), the least recently used out first.
 *
 * - Concurrent requests for a page that is not cached share one render: after an invalidation the crowd waits
 *   for that render instead of each starting its own (no stampede).
 * - `invalidate()` drops everything at once (a write committed: product, stock, price, festival, review); a
 *   render already running when it is called answers its waiting requests but is not kept.
 * - Entries expire after `ttlMs` all the same: a festival starts or ends on the clock, with no write to announce.
 */
export class PageCache {
  private readonly entries: BoundedMap<string, Entry>;
  private generation = 0;

  constructor(private readonly options: { ttlMs: number; maxEntries: number; maxBytes?: number; now?: () => number }) {
    this.entries = new BoundedMap({ maxEntries: options.maxEntries, maxBytes: options.maxBytes, sizeOf: (entry) => entry.bytes });
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  async get(key: string, render: () => Promise<RenderedPage>): Promise<{ page: RenderedPage; outcome: CacheOutcome }> {
    const found = this.entries.get(key);
    if (found && found.expiresAt > this.now() && found.generation === this.generation) {
      return { page: await found.page, outcome: 'hit' };
    }
    const generation = this.generation;
    const entry: Entry = { expiresAt: this.now() + this.options.ttlMs, generation, page: render(), bytes: 0 };
    this.entries.set(key, entry);
    const forget = () => {
      if (this.entries.peek(key) === entry) this.entries.delete(key);
    };
    entry.page.then((page) => {
      // Not kept: a page that differs per visitor or failed, or one rendered from data a write has since changed.
      if (!page.cacheable || generation !== this.generation) return forget();
      // Counted once its size is known; a page evicted while it rendered is not brought back.
      entry.bytes = pageBytes(page);
      if (this.entries.peek(key) === entry) this.entries.set(key, entry);
    }, forget);
    return { page: await entry.page, outcome: 'miss' };
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes of the pages kept, in all their encodings. */
  get bytes(): number {
    return this.entries.bytes;
  }
}

/** Content pages that read nothing personal; their documents are the same for every visitor. */
const STATIC_PAGES = new Set(['/', '/products', '/about', '/contact', '/collection', '/rituals', '/finder', '/faq', '/shipping', '/returns', '/privacy', '/terms', '/sitemap.xml', '/robots.txt']);
/** Query parameters the catalogue page reads (and React Router's own for data requests); any other bypasses. */
const CATALOGUE_PARAMS = new Set(['category', 'kind', 'minPrice', 'maxPrice', 'search', 'inStock', 'sortBy', 'sortOrder', 'page', 'limit', '_routes']);
/**
 * Campaign tags and ad click ids: only the browser's script reads them (where a visit came from, decision record
 * 0066), no page renders them, so they stay out of the key and an ad's landing page comes from the cache. A
 * potion page's `size` (the size a product feed links to) picks the size shown, so it is part of the key.
 */
const CAMPAIGN_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid', 'fbclid'];
const PRODUCT_PARAMS = new Set(['size', '_routes']);

/**
 * The cache key of a request for a shareable storefront page (the path and its sorted query, the same for a
 * document and React Router's `.data` request of it), or null when the page must be rendered for this request.
 */
export function pageCacheKey(method: string, url: string, headers: { authorization?: string }): string | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  if (headers.authorization) return null;
  const question = url.indexOf('?');
  const path = question === -1 ? url : url.slice(0, question);
  const page = path.endsWith('.data') ? (path === '/_root.data' ? '/' : path.slice(0, -'.data'.length)) : path;
  if (!STATIC_PAGES.has(page) && !/^\/products\/[^/]+$/.test(page)) return null;
  if (question === -1) return path;
  const params = new URLSearchParams(url.slice(question + 1));
  for (const name of CAMPAIGN_PARAMS) params.delete(name);
  const names = [...params.keys()];
  const allowed = STATIC_PAGES.has(page) ? CATALOGUE_PARAMS : PRODUCT_PARAMS;
  if (names.length > 12 || names.some((name) => !allowed.has(name) && !CATALOGUE_PARAMS.has(name))) return null;
  if (names.length === 0) return path;
  params.sort();
  return `${path}?${params.toString()}`;
}
