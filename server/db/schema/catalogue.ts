import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const categories = pgTable('categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  icon: text('icon').notNull().default('sparkles'),
  position: integer('position').notNull().default(0),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    longDescription: text('long_description'),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id),
    /** Base price in paise; a size without its own price sells at this price. */
    pricePaise: integer('price_paise').notNull(),
    mainImage: text('main_image'),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    isSignature: boolean('is_signature').notNull().default(false),
    /**
     * Units free to sell. Units set aside for checkouts being paid are out of it already; they are the live
     * checkouts' lines (inventory/checkout-holds.ts `heldUnitsOf`), and come back here if the payment never does.
     */
    inventory: integer('inventory').notNull().default(0),
    /** Stock availability follows the inventory count; nobody can mark an empty shelf as in stock. */
    inStock: boolean('in_stock').generatedAlwaysAs(sql`inventory > 0`),
    rating: doublePrecision('rating').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    /**
     * Units sold, for the best-selling order and the back office. Orders change it through `product_sale_changes`,
     * folded in every minute (products/sales-count.ts), so a paying checkout never waits on this row.
     */
    sales: integer('sales').notNull().default(0),
    notes: jsonb('notes').$type<{ top?: string[]; heart?: string[]; base?: string[] }>().notNull().default({}),
    effect: text('effect'),
    ingredients: text('ingredients'),
    usage: text('usage'),
    /** HSN code on the tax invoice (3303: perfumes and toilet waters). */
    hsnCode: text('hsn_code').notNull().default('3303'),
    /** GST rate in basis points (1800 = 18 %), charged from `gstRateFrom` (a shop date); before it, `previousGstRateBp`. */
    gstRateBp: integer('gst_rate_bp').notNull().default(1800),
    gstRateFrom: date('gst_rate_from', { mode: 'string' }),
    previousGstRateBp: integer('previous_gst_rate_bp'),
    /**
     * The declarations Legal Metrology (Packaged Commodities) Rules 2011, rule 6(1) and rule 10 (e-commerce) ask
     * to be shown before a sale (domain/product-declarations.ts). Null means not declared: the back office
     * refuses to save a product so, and lists older rows missing one. The net quantity is each size's.
     */
    genericName: text('generic_name'),
    makerRole: text('maker_role').$type<'manufacturer' | 'packer' | 'importer'>(),
    makerName: text('maker_name'),
    makerAddress: text('maker_address'),
    countryOfOrigin: text('country_of_origin'),
    bestBefore: text('best_before'),
    consumerCare: text('consumer_care'),
    /** Set instead of deleting a product that orders refer to, so order history never breaks. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, name), 'A') || setweight(jsonb_to_tsvector('english'::regconfig, notes, '["string"]'::jsonb), 'B') || setweight(to_tsvector('english'::regconfig, description), 'C')`,
    ),
  },
  (table) => [
    uniqueIndex('products_slug_unique').on(table.slug),
    index('products_category_idx').on(table.categoryId),
    index('products_search_idx').using('gin', table.searchVector),
    check('products_price_non_negative', sql`${table.pricePaise} >= 0`),
    check('products_inventory_non_negative', sql`${table.inventory} >= 0`),
    check('products_gst_rate_range', sql`${table.gstRateBp} between 0 and 10000 and coalesce(${table.previousGstRateBp}, 0) between 0 and 10000`),
    check('products_maker_role', sql`${table.makerRole} in ('manufacturer', 'packer', 'importer')`),
    check('products_rating_range', sql`${table.rating} >= 0 AND ${table.rating} <= 5`),
  ],
);

/**
 * Units sold (positive) or given back (negative) that `products.sales` does not count yet. Appending here locks
 * nothing another order needs, where adding to the product's row would queue every order of a best seller
 * behind each other until their commits; the fold job adds them up into `products.sales` and deletes them
 * (decision record 0030). No foreign key to products: checking it would lock the product's row (key share) for
 * every order, and products that have sold are archived, never deleted.
 */
export const productSaleChanges = pgTable('product_sale_changes', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull(),
  units: integer('units').notNull(),
});

export const productSizes = pgTable(
  'product_sizes',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    /** 0 means the size sells at the product price. */
    pricePaise: integer('price_paise').notNull().default(0),
    inStock: boolean('in_stock').notNull().default(true),
    /** Net quantity of this bottle in millilitres (Legal Metrology (Packaged Commodities) Rules 2011, rule 6(1)(d)). */
    netQuantityMl: integer('net_quantity_ml'),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    uniqueIndex('product_sizes_product_size_unique').on(table.productId, table.size),
    check('product_sizes_price_non_negative', sql`${table.pricePaise} >= 0`),
    check('product_sizes_net_quantity_positive', sql`${table.netQuantityMl} > 0`),
  ],
);

/**
 * A set's contents (domain/sets.ts): this many bottles of a potion's size in every unit of the set. A product
 * with rows here is a set; its own `inventory` is unused, since its units are its components' (catalogue reads
 * work them out, orders move the components' rows). A component cannot be deleted while a set holds it.
 */
export const setComponents = pgTable(
  'set_components',
  {
    setId: integer('set_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    componentId: integer('component_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    size: text('size').notNull(),
    quantity: integer('quantity').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.setId, table.componentId, table.size] }),
    // "Also in: Discovery Set" on a potion's page looks sets up by their components.
    index('set_components_component_idx').on(table.componentId),
    check('set_components_quantity_positive', sql`${table.quantity} >= 1`),
    check('set_components_not_itself', sql`${table.setId} <> ${table.componentId}`),
  ],
);
