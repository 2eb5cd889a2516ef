import { SET_MAX_COMPONENT_QUANTITY, SET_MAX_COMPONENTS } from '../domain/sets.ts';
import { z } from 'zod';
import { serialId, text } from './fields.ts';
import { filterValue, pagingQuery } from './list-query.ts';
import { paginationSchema, productDeclarationsSchema } from './products.ts';
import { DEFAULT_GST_RATE_BP, DEFAULT_HSN, isHsnCode, rateFromPercent } from '../domain/gst.ts';
import { MAKER_ROLES } from '../domain/product-declarations.ts';

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value === undefined ? null : value);

export const ADMIN_PRODUCT_SORTS = ['name', 'price', 'stock', 'sales'] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];
export const ADMIN_PRODUCTS_PAGE_MAX = 100;

export const adminProductListQuerySchema = z.object({
  search: z.preprocess(filterValue, text().max(100, { error: 'search must be at most 100 characters' }).optional()),
  category: z.preprocess(
    filterValue,
    text()
      .regex(/^[a-z][a-z-]{0,39}$/, { error: 'category must be a category id such as ritual' })
      .optional(),
  ),
  sort: z.preprocess(filterValue, z.enum(ADMIN_PRODUCT_SORTS, { error: `sort must be one of ${ADMIN_PRODUCT_SORTS.join(', ')}` }).default('name')),
  order: z.preprocess(filterValue, z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).optional()),
  /** Archived products (kept for order history) are hidden unless asked for. */
  includeArchived: z.preprocess(
    filterValue,
    z
      .enum(['true', 'false'], { error: 'includeArchived must be true or false' })
      .default('false')
      .transform((v) => v === 'true'),
  ),
  ...pagingQuery(ADMIN_PRODUCTS_PAGE_MAX, ADMIN_PRODUCTS_PAGE_MAX, filterValue),
});
export type AdminProductListFilter = z.output<typeof adminProductListQuerySchema>;

const RUPEES_MAX = 10_000_000;
const INVENTORY_MAX = 1_000_000;

const requiredText = (field: string, max: number) =>
  text({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` });

/** Optional free text: blank is stored as nothing, so the storefront's wording for a missing value applies. */
const optionalText = (field: string, max: number) =>
  z.preprocess(
    blankToNull,
    text({ error: `${field} must be text` })
      .trim()
      .max(max, { error: `${field} must be at most ${max} characters` })
      .nullable(),
  );

/** An image is a web address or a path on this shop (an upload or a bundled picture); nothing else reaches a page. */
const imageRef = (field: string) =>
  text({ error: `${field} must be text` })
    .trim()
    .max(2000, { error: `${field} is too long` })
    .refine((value) => /^\/(?!\/)\S*$/.test(value) || /^https?:\/\/[^\s"'<>]+$/.test(value), {
      error: `${field} must be a web address or a path starting with /`,
    });

/** Lists arrive from a form: blank entries are dropped before anything is checked. */
const withoutBlanks = (value: unknown) => (Array.isArray(value) ? value.filter((entry) => !(typeof entry === 'string' && entry.trim() === '')) : value);

const noteList = (field: string) =>
  z.preprocess(
    withoutBlanks,
    z
      .array(
        text({ error: `${field} notes must be text` })
          .trim()
          .max(60, { error: `${field} notes must be at most 60 characters each` }),
        {
          error: `${field} must be a list of notes`,
        },
      )
      .max(12, { error: `${field} may list at most 12 notes` })
      .default([]),
  );

const money = (field: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === '' ? `${field} is required` : `${field} must be a number`) })
    .min(0, { error: `${field} must be 0 or more` })
    .max(RUPEES_MAX, { error: `${field} is too large` });

const ML_MAX = 100_000;

export const productSizeInputSchema = z.object({
  size: requiredText('size', 40),
  /** Rupees; 0 means the size sells at the product price. */
  price: money('size price').default(0),
  inStock: z.boolean({ error: 'inStock must be true or false' }).default(true),
  /** Millilitres in the bottle; left out or blank, the number the size's label names ('50ml'). */
  netQuantityMl: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z
      .number({ error: 'netQuantityMl must be a whole number of millilitres' })
      .int({ error: 'netQuantityMl must be a whole number of millilitres' })
      .min(1, { error: 'netQuantityMl must be 1 or more' })
      .max(ML_MAX, { error: 'netQuantityMl is too large' })
      .nullable(),
  ),
});

/**
 * A declaration (Legal Metrology (Packaged Commodities) Rules 2011, rule 6(1)). Left out, the product keeps what
 * it declares, or a new one takes the seller's defaults; sent blank, it is missing, and the service refuses the
 * product with the field named (domain/product-declarations.ts).
 */
const declaration = (field: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    text({ error: `${field} must be text` })
      .trim()
      .max(max, { error: `${field} must be at most ${max} characters` })
      .nullable()
      .optional(),
  );

export const SIZE_PRESETS = ['20ml', '50ml', '50ml - Special'] as const;

/** One potion in a set the form builds: which potion, in which of its sizes, how many bottles in each set. */
export const setComponentInputSchema = z.object({
  productId: z.number({ error: 'productId must be a product id' }).int({ error: 'productId must be a product id' }).min(1, { error: 'productId must be a product id' }),
  size: requiredText('size', 40),
  quantity: z
    .number({ error: `quantity must be a whole number from 1 to ${SET_MAX_COMPONENT_QUANTITY}` })
    .int({ error: `quantity must be a whole number from 1 to ${SET_MAX_COMPONENT_QUANTITY}` })
    .min(1, { error: `quantity must be a whole number from 1 to ${SET_MAX_COMPONENT_QUANTITY}` })
    .max(SET_MAX_COMPONENT_QUANTITY, { error: `quantity must be a whole number from 1 to ${SET_MAX_COMPONENT_QUANTITY}` }),
});

/** The product form (back office), checked on the server. Prices are rupees; the database keeps paise. */
const productFieldsSchema = z.object({
  name: requiredText('name', 120),
  category: text({ error: 'category is required' }).trim().min(1, { error: 'category is required' }).max(40, { error: 'category is not a known category' }),
  price: money('price'),
  description: z.preprocess((value) => value ?? '', text({ error: 'description must be text' }).trim().max(2000, { error: 'description must be at most 2000 characters' })),
  longDescription: optionalText('longDescription', 5000),
  inventory: z
    .number({ error: 'inventory must be a whole number' })
    .int({ error: 'inventory must be a whole number' })
    .min(0, { error: 'inventory must be 0 or more' })
    .max(INVENTORY_MAX, { error: 'inventory is too large' })
    .default(0),
  isSignature: z.boolean({ error: 'isSignature must be true or false' }).default(false),
  image: z.preprocess(blankToNull, imageRef('image').nullable()),
  images: z.preprocess(withoutBlanks, z.array(imageRef('images'), { error: 'images must be a list of addresses' }).max(10, { error: 'images may hold at most 10 pictures' }).default([])),
  sizes: z.preprocess(
    (value) => (Array.isArray(value) ? value.filter((entry) => !(entry && typeof entry === 'object' && typeof entry.size === 'string' && entry.size.trim() === '')) : value),
    z
      .array(productSizeInputSchema, { error: 'sizes must be a list of sizes' })
      .max(10, { error: 'sizes may hold at most 10 sizes' })
      .default([])
      .refine((sizes) => new Set(sizes.map((entry) => entry.size.toLowerCase())).size === sizes.length, { error: 'sizes must not list the same size twice' }),
  ),
  notes: z
    .object({ top: noteList('top'), heart: noteList('heart'), base: noteList('base') }, { error: 'notes must hold top, heart and base lists' })
    .default({ top: [], heart: [], base: [] }),
  effect: optionalText('effect', 2000),
  ingredients: optionalText('ingredients', 2000),
  usage: optionalText('usage', 2000),
  /** HSN code on the tax invoice: 4, 6 or 8 digits; 3303 (perfumes) unless said otherwise. */
  hsnCode: z.preprocess(
    (value) => (value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? DEFAULT_HSN : value),
    text({ error: 'hsnCode must be text' }).trim().refine(isHsnCode, { error: 'hsnCode must be an HSN code of 4, 6 or 8 digits, such as 3303' }),
  ),
  /** GST rate in percent (18 for 18 %), charged from `gstRateFrom` (a shop date; today when left out). */
  gstRate: z
    .number({ error: 'gstRate must be a percentage such as 18' })
    .refine((rate) => rateFromPercent(rate) !== null, { error: 'gstRate must be a percentage from 0 to 100 with at most two decimals' })
    .default(DEFAULT_GST_RATE_BP / 100),
  gstRateFrom: z.preprocess(
    blankToNull,
    text({ error: 'gstRateFrom must be a date' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'gstRateFrom must be a date as YYYY-MM-DD' })
      .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), { error: 'gstRateFrom is not a calendar date' })
      .nullable(),
  ),
  genericName: declaration('genericName', 80),
  makerRole: z.preprocess(
    (value) => (value === '' ? null : value),
    z
      .enum(MAKER_ROLES, { error: `makerRole must be one of ${MAKER_ROLES.join(', ')}` })
      .nullable()
      .optional(),
  ),
  makerName: declaration('makerName', 120),
  makerAddress: declaration('makerAddress', 300),
  countryOfOrigin: declaration('countryOfOrigin', 60),
  bestBefore: declaration('bestBefore', 120),
  consumerCare: declaration('consumerCare', 300),
  /**
   * Makes the product a set (bundle) of these potions; an empty list makes it a single potion again. Left out,
   * a product keeps what it is. A set's stock is its components' (its `inventory` is not used).
   */
  components: z
    .array(setComponentInputSchema, { error: 'components must be a list of potions' })
    .max(SET_MAX_COMPONENTS, { error: `components may hold at most ${SET_MAX_COMPONENTS} potions` })
    .optional(),
  // Left over only when both names were sent (see productInputSchema).
  fragranceNotes: z.undefined({ error: 'fragranceNotes is another name for notes: send one of them' }).optional(),
});

/**
 * `fragranceNotes` is accepted as another name for `notes` (storefront spec, section 3), as older catalogue
 * exports call them; a body with both is refused rather than one of them silently dropped.
 */
export const productInputSchema = z.preprocess((body) => {
  if (!body || typeof body !== 'object' || !('fragranceNotes' in body) || 'notes' in body) return body;
  const { fragranceNotes, ...rest } = body as Record<string, unknown>;
  return { ...rest, notes: fragranceNotes };
}, productFieldsSchema);
export type ProductInput = z.infer<typeof productInputSchema>;

export const productIdParamsSchema = z.object({
  id: serialId('id must be a product id'),
});

/** Either set the count outright or move it by a signed amount; never both. */
export const inventoryChangeSchema = z
  .object({
    set: z
      .number({ error: 'set must be a whole number' })
      .int({ error: 'set must be a whole number' })
      .min(0, { error: 'set must be 0 or more' })
      .max(INVENTORY_MAX, { error: 'set is too large' })
      .optional(),
    adjust: z
      .number({ error: 'adjust must be a whole number' })
      .int({ error: 'adjust must be a whole number' })
      .min(-INVENTORY_MAX, { error: 'adjust is too large' })
      .max(INVENTORY_MAX, { error: 'adjust is too large' })
      .refine((value) => value !== 0, { error: 'adjust must not be 0' })
      .optional(),
  })
  .superRefine((body, context) => {
    if ((body.set === undefined) === (body.adjust === undefined)) {
      context.addIssue({ code: 'custom', path: ['set'], message: 'Send either set or adjust' });
    }
  });
export type InventoryChange = z.infer<typeof inventoryChangeSchema>;

export const adminProductSchema = z.object({
  _id: text(),
  id: z.number().int(),
  slug: text(),
  name: text(),
  category: text(),
  price: z.number(),
  description: text(),
  longDescription: text().nullable(),
  /** Units free to sell. */
  inventory: z.number().int(),
  /** Units set aside for shoppers paying right now (live checkouts): not in `inventory`, back in it if they never pay. */
  held: z.number().int(),
  inStock: z.boolean(),
  isSignature: z.boolean(),
  /** The stored main image (null when none); `displayImage` is what the storefront shows. */
  image: text().nullable(),
  displayImage: text(),
  images: z.array(text()),
  sizes: z.array(z.object({ size: text(), price: z.number(), inStock: z.boolean(), netQuantityMl: z.number().int().nullable() })),
  notes: z.object({ top: z.array(text()), heart: z.array(text()), base: z.array(text()) }),
  ...productDeclarationsSchema.shape,
  /** Declarations the product lacks (fields as the form names them): such a product cannot be saved until they are filled. */
  missingDeclarations: z.array(text()),
  effect: text().nullable(),
  ingredients: text().nullable(),
  usage: text().nullable(),
  hsnCode: text(),
  /** Percent; sold at from `gstRateFrom`, and at `previousGstRate` before it. */
  gstRate: z.number(),
  gstRateFrom: text().nullable(),
  previousGstRate: z.number().nullable(),
  sales: z.number().int(),
  rating: z.number(),
  reviewCount: z.number().int(),
  archived: z.boolean(),
  archivedAt: text().nullable(),
  /** A set's contents (empty for a potion), with each bottle's price bought alone, in rupees. */
  components: z.array(z.object({ productId: z.number().int(), name: text(), size: text(), quantity: z.number().int(), price: z.number() })),
  /** What the set saves against buying its contents one by one, in rupees (null for a potion). */
  saving: z.number().nullable(),
  separatePrice: z.number().nullable(),
  createdAt: text(),
  updatedAt: text(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const adminProductListResponseSchema = z.object({
  success: z.literal(true),
  products: z.array(adminProductSchema),
  pagination: paginationSchema,
  /** What a new product declares unless changed: the seller's settings, which the product form starts from. */
  declarationDefaults: productDeclarationsSchema,
});
export type AdminProductListResponse = z.infer<typeof adminProductListResponseSchema>;

export const uploadResponseSchema = z.object({ success: z.literal(true), url: text() });
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** A created, updated or restocked product, as the back office shows it. */
export const adminProductResponseSchema = z.object({ success: z.literal(true), message: text(), product: adminProductSchema });
/** A product named by orders is archived (kept for their history, hidden from the shop) instead of deleted. */
export const productRemovedResponseSchema = z.object({ success: z.literal(true), archived: z.boolean(), message: text() });
