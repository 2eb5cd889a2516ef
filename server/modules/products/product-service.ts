import { and, asc, count, desc, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { rupeesToPaise } from '../../../domain/money.ts';
import { PAGE_SIZE_MAX, type Category, type Product, type ProductListQuery, type ProductStats } from '../../../contracts/products.ts';
import type { Database } from '../../db/client.ts';
import { categories, products } from '../../db/schema/index.ts';
import { toProductDto, type ProductRow } from './product-dto.ts';
import { forgivingMatch, fullTextMatch, suggestionOrder, type SearchMatch } from './forgiving-search.ts';
import type { SearchSynonyms } from './search-synonyms.ts';
import { alsoInSql, isSetSql, kindCondition, setContentsSql, unitsLeftSql } from './set-contents.ts';

// The outer table is named in full: drizzle may print a bare "id", which inside this subquery would mean s.id.
const sizesJson = sql<ProductRow['sizes']>`coalesce((
  select json_agg(json_build_object('size', s.size, 'pricePaise', s.price_paise, 'inStock', s.in_stock, 'netQuantityMl', s.net_quantity_ml) order by s.position, s.id)
  from product_sizes s where s.product_id = "products"."id"
), '[]'::json)`;

export const productColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  description: products.description,
  longDescription: products.longDescription,
  categoryId: products.categoryId,
  pricePaise: products.pricePaise,
  mainImage: products.mainImage,
  images: products.images,
  isSignature: products.isSignature,
  // A set's units are what its components make (set-contents.ts); a potion's, its inventory.
  inventory: unitsLeftSql,
  inStock: sql<boolean>`(${unitsLeftSql} > 0)`.mapWith(Boolean),
  isSet: isSetSql,
  contents: setContentsSql,
  alsoIn: alsoInSql,
  rating: products.rating,
  reviewCount: products.reviewCount,
  sales: products.sales,
  notes: products.notes,
  effect: products.effect,
  ingredients: products.ingredients,
  usage: products.usage,
  genericName: products.genericName,
  makerRole: products.makerRole,
  makerName: products.makerName,
  makerAddress: products.makerAddress,
  countryOfOrigin: products.countryOfOrigin,
  bestBefore: products.bestBefore,
  consumerCare: products.consumerCare,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  sizes: sizesJson,
};

const sortColumns = {
  createdAt: products.createdAt,
  price: products.pricePaise,
  name: products.name,
  rating: products.rating,
  sales: products.sales,
} as const;

export interface ProductSearchOptions {
  /** The synonym list search words stand for; without it, words stand for themselves only. */
  synonyms?: Pick<SearchSynonyms, 'list'>;
  /** 'full-text' is the search before trigrams (decision record 0064), kept for the bench's comparison. */
  search?: 'forgiving' | 'full-text';
}

export class ProductService {
  constructor(
    private readonly db: Database,
    private readonly options: ProductSearchOptions = {},
  ) {}

  private async searchMatch(search: string): Promise<SearchMatch> {
    if (this.options.search === 'full-text') return fullTextMatch(search);
    return forgivingMatch(search, (await this.options.synonyms?.list()) ?? []);
  }

  /**
   * Up to three potions closest to a search that found nothing ("Did you mean"), by trigram word similarity
   * of its words to their names and notes; none when nothing is even roughly alike.
   */
  async suggestions(search: string): Promise<Product[]> {
    if (this.options.search === 'full-text') return [];
    const closest = suggestionOrder(search, (await this.options.synonyms?.list()) ?? []);
    if (!closest) return [];
    const rows = await this.db
      .select(productColumns)
      .from(products)
      .where(and(isNull(products.archivedAt), closest.where))
      .orderBy(desc(closest.order), asc(products.id))
      .limit(3);
    return rows.map((row) => toProductDto(row));
  }

  async list(
    query: ProductListQuery,
  ): Promise<{ products: Product[]; pagination: { page: number; limit: number; total: number; pages: number }; suggestions?: Product[] }> {
    const page = query.page ?? 1;
    const limit = query.limit ?? PAGE_SIZE_MAX;
    const conditions: SQL[] = [isNull(products.archivedAt)];
    if (query.category) conditions.push(eq(products.categoryId, query.category));
    if (query.minPrice !== undefined) conditions.push(gte(products.pricePaise, rupeesToPaise(query.minPrice)));
    if (query.maxPrice !== undefined) conditions.push(lte(products.pricePaise, rupeesToPaise(query.maxPrice)));
    if (query.inStock !== undefined) conditions.push(sql`(${unitsLeftSql} > 0) = ${query.inStock}`);
    if (query.kind) conditions.push(kindCondition(query.kind));
    const search = query.search ? await this.searchMatch(query.search) : undefined;
    if (search) conditions.push(search.where);
    const where = and(...conditions);

    const order: SQL[] = [];
    if (query.sortBy) {
      const direction = query.sortOrder ?? (query.sortBy === 'name' ? 'asc' : 'desc');
      const column = sortColumns[query.sortBy];
      order.push(direction === 'asc' ? asc(column) : desc(column));
    } else {
      if (search) order.push(desc(search.rank));
      order.push(desc(products.isSignature), asc(products.name));
    }
    order.push(asc(products.id));

    const rows = await this.db
      .select({ ...productColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset((page - 1) * limit);

    // The window count rides along with the rows; only a page past the end needs its own count.
    let total = rows[0]?.total;
    if (total === undefined) {
      total = page === 1 ? 0 : ((await this.db.select({ n: count() }).from(products).where(where))[0]?.n ?? 0);
    }
    // A search that found nothing offers the closest potions instead of an empty shelf.
    const suggestions = query.search && total === 0 && page === 1 ? await this.suggestions(query.search) : undefined;
    return {
      products: rows.map((row) => toProductDto(row)),
      pagination: { page, limit, total, pages: Math.ceil(total / limit) },
      ...(suggestions ? { suggestions } : {}),
    };
  }

  /** A product by numeric id (the `_id` is the same number as text) or by URL slug. */
  async find(idOrSlug: string): Promise<Product | null> {
    const byId = /^\d{1,9}$/.test(idOrSlug) ? eq(products.id, Number(idOrSlug)) : undefined;
    const bySlug = eq(products.slug, idOrSlug.toLowerCase());
    const rows = await this.db
      .select(productColumns)
      .from(products)
      .where(and(isNull(products.archivedAt), byId ? or(byId, bySlug) : bySlug))
      // An id match wins over a slug that happens to be the same digits.
      .orderBy(byId ? sql`(${products.id}::text = ${idOrSlug}) desc` : asc(products.id))
      .limit(1);
    return rows[0] ? toProductDto(rows[0]) : null;
  }

  async categories(): Promise<Category[]> {
    const rows = await this.db
      .select({
        id: categories.id,
        name: categories.name,
        description: categories.description,
        icon: categories.icon,
        count: sql<number>`count(${products.id})`.mapWith(Number),
      })
      .from(categories)
      .leftJoin(products, and(eq(products.categoryId, categories.id), isNull(products.archivedAt)))
      .groupBy(categories.id)
      .orderBy(asc(categories.position), asc(categories.id));
    return rows;
  }

  async stats(): Promise<ProductStats> {
    const [totals] = await this.db
      .select({
        totalProducts: count(),
        inStock: sql<number>`count(*) filter (where ${unitsLeftSql} > 0)`.mapWith(Number),
        signature: sql<number>`count(*) filter (where ${products.isSignature})`.mapWith(Number),
      })
      .from(products)
      .where(isNull(products.archivedAt));
    const perCategory = await this.categories();
    const totalProducts = totals?.totalProducts ?? 0;
    const inStock = totals?.inStock ?? 0;
    return {
      totalProducts,
      inStock,
      outOfStock: totalProducts - inStock,
      signature: totals?.signature ?? 0,
      byCategory: Object.fromEntries(perCategory.map((category) => [category.id, category.count])),
    };
  }
}
