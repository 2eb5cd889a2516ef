import { z } from 'zod';
import { text } from './fields.ts';
import { PRODUCT_SORT_FIELDS, SEARCH_MAX_LENGTH } from '../domain/catalogue.ts';
import { MAKER_ROLES } from '../domain/product-declarations.ts';

/** Query values the storefront sends blank or as 'all' mean “no filter”. */
function optionalFilter<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    const single = Array.isArray(value) ? value[value.length - 1] : value;
    if (single === undefined || single === null) return undefined;
    const text = String(single).trim();
    return text === '' || text.toLowerCase() === 'all' ? undefined : text;
  }, schema.optional());
}

const rupeeFilter = (field: string) =>
  optionalFilter(
    z.coerce
      .number({ error: `${field} must be a number` })
      .min(0, { error: `${field} must be 0 or more` })
      .max(10_000_000, { error: `${field} is too large` }),
  );

export { PRODUCT_SORT_FIELDS, SEARCH_MAX_LENGTH };
export const PAGE_SIZE_MAX = 100;

export const productListQuerySchema = z
  .object({
    category: optionalFilter(
      text().regex(/^[a-z][a-z-]{0,39}$/, { error: 'category must be a category id such as ritual' }),
    ),
    minPrice: rupeeFilter('minPrice'),
    maxPrice: rupeeFilter('maxPrice'),
    search: optionalFilter(
      text().max(SEARCH_MAX_LENGTH, { error: `search must be at most ${SEARCH_MAX_LENGTH} characters` }),
    ),
    inStock: optionalFilter(
      z.enum(['true', 'false'], { error: 'inStock must be true or false' }).transform((v) => v === 'true'),
    ),
    kind: optionalFilter(z.enum(['set', 'potion'], { error: 'kind must be set or potion' }).describe('Only sets (bundles of potions), or only single potions')),
    sortBy: optionalFilter(
      z.enum(PRODUCT_SORT_FIELDS, { error: `sortBy must be one of ${PRODUCT_SORT_FIELDS.join(', ')}` }),
    ),
    sortOrder: optionalFilter(z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' })),
    page: optionalFilter(
      z.coerce
        .number({ error: 'page must be a number' })
        .int({ error: 'page must be a whole number' })
        .min(1, { error: 'page must be 1 or more' })
        .max(100_000, { error: 'page is too large' }),
    ),
    limit: optionalFilter(
      z.coerce
        .number({ error: 'limit must be a number' })
        .int({ error: 'limit must be a whole number' })
        .min(1, { error: `limit must be between 1 and ${PAGE_SIZE_MAX}` })
        .max(PAGE_SIZE_MAX, { error: `limit must be between 1 and ${PAGE_SIZE_MAX}` }),
    ),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    path: ['maxPrice'],
    error: 'maxPrice must not be below minPrice',
  });
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** `/api/products/{id}`: the same path as the admin's writes, so the same parameter name; this read also takes the slug. */
export const productRefParamsSchema = z.object({
  id: text()
    .min(1)
    .max(120, { error: 'id is too long' })
    .regex(/^[A-Za-z0-9-]+$/, { error: 'id must be a product id or slug' })
    .describe("The potion's numeric id or its slug"),
});

/**
 * A size and its price declarations: `price` is the MRP, inclusive of all taxes; `unitSalePrice` is computed
 * from it, in rupees per `unitSalePricePer` (Legal Metrology (Packaged Commodities) Rules 2011, rule 6(11)).
 */
export const sizeSchema = z.object({
  size: text(),
  price: z.number(),
  inStock: z.boolean(),
  netQuantityMl: z.number().int().nullable(),
  unitSalePrice: z.number().nullable(),
  unitSalePricePer: z.enum(['ml', 'l']).nullable(),
});

/** The product's declarations (rule 6(1)); null where the product declares nothing yet. */
export const productDeclarationsSchema = z.object({
  genericName: text().nullable(),
  makerRole: z.enum(MAKER_ROLES).nullable(),
  makerName: text().nullable(),
  makerAddress: text().nullable(),
  countryOfOrigin: text().nullable(),
  bestBefore: text().nullable(),
  consumerCare: text().nullable(),
});

export const productSchema = z.object({
  _id: text(),
  id: z.number().int(),
  slug: text(),
  name: text(),
  description: text(),
  longDescription: text(),
  category: text(),
  price: z.number(),
  sizes: z.array(sizeSchema),
  mainImage: text(),
  image: text(),
  images: z.array(text()),
  inStock: z.boolean(),
  isSignature: z.boolean(),
  rating: z.number(),
  reviewCount: z.number().int(),
  inventory: z.number().int(),
  sales: z.number().int(),
  notes: z.object({ top: z.array(text()), heart: z.array(text()), base: z.array(text()) }),
  effect: text(),
  ingredients: text(),
  usage: text(),
  declarations: productDeclarationsSchema,
  /** A set (bundle): its units are its contents', and it is sold as one line. */
  isSet: z.boolean(),
  contents: z.array(
    z.object({ productId: z.number().int(), slug: text(), name: text(), size: text(), quantity: z.number().int(), price: z.number().describe('One bottle of it bought alone, in rupees') }),
  ),
  /** A set's contents bought one by one, in rupees (null for a potion): the set's saving is this less its price. */
  separatePrice: z.number().nullable(),
  /** The sets this potion is also in. */
  alsoIn: z.array(z.object({ slug: text(), name: text() })),
  createdAt: text(),
  updatedAt: text(),
});
export type Product = z.infer<typeof productSchema>;

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});

export const productListResponseSchema = z.object({
  success: z.literal(true),
  products: z.array(productSchema),
  pagination: paginationSchema,
  /** When a search finds nothing: the potions closest to what was typed. */
  suggestions: z.array(productSchema).optional(),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

export const productResponseSchema = z.object({ success: z.literal(true), product: productSchema });

export const categorySchema = z.object({
  id: text(),
  name: text(),
  description: text(),
  icon: text(),
  count: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoriesResponseSchema = z.object({
  success: z.literal(true),
  categories: z.array(categorySchema),
});

export const productStatsResponseSchema = z.object({
  success: z.literal(true),
  stats: z.object({
    totalProducts: z.number().int(),
    inStock: z.number().int(),
    outOfStock: z.number().int(),
    signature: z.number().int(),
    byCategory: z.record(text(), z.number().int()),
  }),
});
export type ProductStats = z.infer<typeof productStatsResponseSchema>['stats'];
