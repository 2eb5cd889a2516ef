import type { Category, Product, ProductListQuery, ProductListResponse, ProductStats } from '../../../contracts/products.ts';
import type { ProductService } from './product-service.ts';
import { ReadCache, type CachedRead } from './read-cache.ts';

/** Catalogue reads kept: every potion, the categories and the lists shoppers page and filter through most. */
const CATALOGUE_READS = 500;
/** The demo catalogue's 26 potions are 56 KB of JSON in one list, counted at twice that: this holds some 140 such lists and many more single potions. */
const CATALOGUE_READ_BYTES = 16 * 1024 * 1024;

/**
 * The catalogue as shoppers read it: the product queries behind a read cache. API routes send the cached JSON
 * as it is; page loaders use the cached values. Writers call `invalidate()` after they commit, which reaches
 * every process through the cache bus.
 */
export class CatalogueReader {
  private readonly cache: ReadCache;

  constructor(
    private readonly products: ProductService,
    private readonly options: { ttlMs: number; announce?: () => void },
  ) {
    this.cache = new ReadCache({ ttlMs: options.ttlMs, maxEntries: CATALOGUE_READS, maxBytes: CATALOGUE_READ_BYTES });
  }

  list(query: ProductListQuery): Promise<CachedRead<ProductListResponse>> {
    return this.cache.get(`list:${JSON.stringify(query)}`, async () => ({
      success: true as const,
      ...(await this.products.list(query)),
    }));
  }

  find(idOrSlug: string): Promise<CachedRead<Product | null>> {
    return this.cache.get(`product:${idOrSlug.toLowerCase()}`, () => this.products.find(idOrSlug), (product) =>
      JSON.stringify({ success: true, product }),
    );
  }

  categories(): Promise<CachedRead<Category[]>> {
    return this.cache.get('categories', () => this.products.categories(), (categories) =>
      JSON.stringify({ success: true, categories }),
    );
  }

  stats(): Promise<CachedRead<ProductStats>> {
    return this.cache.get('stats', () => this.products.stats(), (stats) => JSON.stringify({ success: true, stats }));
  }

  /** After a write: forgets this process's copies and, through `announce`, every other process's. */
  invalidate(): void {
    this.cache.invalidate();
    this.options.announce?.();
  }

  /** Another process wrote (or announcements were lost): forget the copies without announcing again. */
  forget(): void {
    this.cache.invalidate();
  }
}
