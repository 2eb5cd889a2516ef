import { createHash } from 'node:crypto';
import { asc, eq, isNull } from 'drizzle-orm';
import { resolveImages, resolveSizes } from '../../../domain/catalogue.ts';
import { feedItemsOf, googleFeedXml, metaFeedCsv, type FeedProduct, type FeedShop } from '../../../domain/product-feeds.ts';
import type { Database } from '../../db/client.ts';
import { categories, products } from '../../db/schema/index.ts';
import { productColumns } from '../products/product-service.ts';
import type { PromotionService } from '../promotions/promotion-service.ts';

export type FeedFormat = 'google' | 'meta';

export interface Feed {
  body: string;
  /** Strong: the feed's exact bytes. */
  etag: string;
  generatedAt: Date;
}

interface Entry {
  feed: Promise<Feed>;
  madeAt: number;
  generation: number;
}

/**
 * The product feeds, made once and kept until the catalogue, a price, stock or a promotion changes (the same
 * announcements that clear the page cache call `forget`) or `ttlMs` passes: a promotion starts and ends on the
 * clock, with no write to announce it. Merchant Center and Meta fetch a feed a few times a day; shoppers never do.
 */
export class FeedService {
  private readonly entries = new Map<FeedFormat, Entry>();
  private generation = 0;

  constructor(
    private readonly db: Database,
    private readonly promotions: Pick<PromotionService, 'current'>,
    private readonly options: { shop: FeedShop; ttlMs: number; clock: () => Date },
  ) {}

  get(format: FeedFormat): Promise<Feed> {
    const found = this.entries.get(format);
    const now = Date.now();
    if (found && found.generation === this.generation && now - found.madeAt < this.options.ttlMs) return found.feed;
    const generation = this.generation;
    const feed = this.make(format);
    const entry = { feed, madeAt: now, generation };
    this.entries.set(format, entry);
    feed.catch(() => {
      if (this.entries.get(format) === entry) this.entries.delete(format);
    });
    return feed;
  }

  forget(): void {
    this.generation += 1;
    this.entries.clear();
  }

  private async make(format: FeedFormat): Promise<Feed> {
    const now = this.options.clock();
    const [rows, live] = await Promise.all([this.products(), this.promotions.current(now)]);
    const items = feedItemsOf(rows, live, this.options.shop, now);
    const body = format === 'google' ? googleFeedXml(items, this.options.shop) : metaFeedCsv(items, this.options.shop);
    return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`, generatedAt: now };
  }

  private async products(): Promise<FeedProduct[]> {
    const rows = await this.db
      .select({
        id: productColumns.id,
        slug: productColumns.slug,
        name: productColumns.name,
        description: productColumns.description,
        categoryId: productColumns.categoryId,
        categoryName: categories.name,
        pricePaise: productColumns.pricePaise,
        mainImage: productColumns.mainImage,
        images: productColumns.images,
        inStock: productColumns.inStock,
        isSet: productColumns.isSet,
        sizes: productColumns.sizes,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(isNull(products.archivedAt))
      .orderBy(asc(products.id));
    return rows.map((row) => {
      const { mainImage, images } = resolveImages(row);
      return {
        id: row.id,
        slug: row.slug,
        name: row.name,
        description: row.description,
        categoryId: row.categoryId,
        categoryName: row.categoryName,
        mainImage,
        images,
        isSet: Boolean(row.isSet),
        sizes: resolveSizes({ sizes: row.sizes, pricePaise: row.pricePaise, inStock: row.inStock }).map((size) => ({
          size: size.size,
          pricePaise: size.pricePaise,
          inStock: size.inStock,
          netQuantityMl: size.netQuantityMl ?? null,
        })),
      };
    });
  }
}
