/**
 * Catalogue rules shared by the server (which applies them before anything leaves the API) and the browser
 * (which renders with them). A product stored with gaps still reads as a complete potion: the defaults below
 * are the ones the storefront has always promised (storefront spec, section 3).
 */

import { rupeesToPaise } from './money.ts';

export const CATEGORY_IDS = [
  'signature',
  'ritual',
  'seduction',
  'protection',
  'transformation',
  'wisdom',
  'healing',
] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];

/** Ritual, seduction and protection have icons of their own; every other category (and 'all') the default one. */
export type CategoryIcon = 'ritual' | 'seduction' | 'protection' | 'default';
export function categoryIcon(categoryId: string): CategoryIcon {
  return categoryId === 'ritual' || categoryId === 'seduction' || categoryId === 'protection' ? categoryId : 'default';
}

/** How the collection can be sorted, and the longest search; the collection page renders its controls from these. */
export const PRODUCT_SORT_FIELDS = ['createdAt', 'price', 'name', 'rating', 'sales'] as const;
// Long enough for a pasted sentence; the search itself looks at its first eight words (domain/search-synonyms.ts).
export const SEARCH_MAX_LENGTH = 1000;

export const DEFAULT_SIZE = '50ml';
export const FALLBACK_SIZE = '30ml';
export const PLACEHOLDER_IMAGE = '/images/potions/placeholder.webp';
export const LOW_STOCK_THRESHOLD = 5;

export const GENERIC_LONG_DESCRIPTION =
  'A handcrafted potion, blended in small batches under the waxing moon and left to mature in the dark.';
export const GENERIC_NOTES = {
  top: ['Secret top notes'],
  heart: ['Hidden heart notes'],
  base: ['Ancient base notes'],
} as const;
export const GENERIC_EFFECT = 'Its magic reveals itself differently to every wearer.';
export const GENERIC_INGREDIENTS = 'Perfumer’s alcohol, fragrance oils and botanical extracts.';
export const GENERIC_USAGE = 'Apply to pulse points: wrists, neck and behind the ears.';

export interface SizeOption {
  size: string;
  /** Paise; 0 means “no price of its own”, so the product price applies. */
  pricePaise: number;
  inStock: boolean;
  /** Millilitres the size declares; null or left out, its label's number (domain/product-declarations.ts). */
  netQuantityMl?: number | null;
}

export interface FragranceNotes {
  top: string[];
  heart: string[];
  base: string[];
}

/** The fields of a product as stored; everything optional that may be blank in the database. */
export interface StoredProduct {
  name: string;
  description: string;
  longDescription?: string | null;
  pricePaise: number;
  mainImage?: string | null;
  images?: string[] | null;
  sizes?: SizeOption[] | null;
  notes?: Partial<FragranceNotes> | null;
  effect?: string | null;
  ingredients?: string | null;
  usage?: string | null;
  inStock: boolean;
}

function present(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

function nonEmpty(list: readonly string[] | null | undefined): string[] {
  return (list ?? []).map((entry) => entry.trim()).filter((entry) => entry.length > 0);
}

/** Images become the single main image, or a placeholder when there is none. */
export function resolveImages(product: Pick<StoredProduct, 'mainImage' | 'images'>): {
  mainImage: string;
  images: string[];
} {
  const images = nonEmpty(product.images);
  const mainImage = present(product.mainImage) ? product.mainImage : (images[0] ?? PLACEHOLDER_IMAGE);
  return { mainImage, images: images.length > 0 ? images : [mainImage] };
}

/**
 * Sizes become one 30ml entry at the product price when none are listed. A size is only buyable while the
 * product itself is in stock.
 */
export function resolveSizes(product: Pick<StoredProduct, 'sizes' | 'pricePaise' | 'inStock'>): SizeOption[] {
  const sizes = (product.sizes ?? []).filter((entry) => present(entry.size));
  if (sizes.length === 0) {
    return [{ size: FALLBACK_SIZE, pricePaise: product.pricePaise, inStock: product.inStock }];
  }
  return sizes.map((entry) => ({
    size: entry.size.trim(),
    pricePaise: entry.pricePaise > 0 ? entry.pricePaise : product.pricePaise,
    inStock: product.inStock && entry.inStock,
    netQuantityMl: entry.netQuantityMl ?? null,
  }));
}

export function resolveNotes(notes: Partial<FragranceNotes> | null | undefined): FragranceNotes {
  const top = nonEmpty(notes?.top);
  const heart = nonEmpty(notes?.heart);
  const base = nonEmpty(notes?.base);
  return {
    top: top.length > 0 ? top : [...GENERIC_NOTES.top],
    heart: heart.length > 0 ? heart : [...GENERIC_NOTES.heart],
    base: base.length > 0 ? base : [...GENERIC_NOTES.base],
  };
}

export function resolveText(value: string | null | undefined, fallback: string): string {
  return present(value) ? value.trim() : fallback;
}

export function resolveLongDescription(product: Pick<StoredProduct, 'longDescription' | 'description'>): string {
  return resolveText(product.longDescription, resolveText(product.description, GENERIC_LONG_DESCRIPTION));
}

/** The size a shopper starts with: 50ml when the potion comes in it, else the first listed size. */
export function defaultSizeOf(sizes: readonly { size: string }[]): string {
  return sizes.some((entry) => entry.size === DEFAULT_SIZE) ? DEFAULT_SIZE : (sizes[0]?.size ?? DEFAULT_SIZE);
}

/**
 * The unit price of a cart line: the chosen size's price when that size exists with a price, otherwise the
 * product price, otherwise 0. The browser and the server both price with this one function.
 */
export function unitPricePaise(
  product: { pricePaise?: number | null; sizes?: readonly { size: string; pricePaise?: number | null }[] | null },
  size: string | null | undefined,
): number {
  const chosen = size ? product.sizes?.find((entry) => entry.size === size) : undefined;
  if (chosen?.pricePaise && chosen.pricePaise > 0) return chosen.pricePaise;
  if (product.pricePaise && product.pricePaise > 0) return product.pricePaise;
  return 0;
}

/**
 * The price of one bottle in the chosen size for a product as the API shows it (rupees), by the same rule the
 * server prices a cart line with: the product page, the size picker and the cart all quote this.
 */
export function sizePricePaise(product: { price: number; sizes: readonly { size: string; price: number }[] }, size: string): number {
  return unitPricePaise(
    {
      pricePaise: rupeesToPaise(product.price),
      sizes: product.sizes.map((entry) => ({ size: entry.size, pricePaise: rupeesToPaise(entry.price) })),
    },
    size,
  );
}

export type StockLevel = 'out-of-stock' | 'low-stock' | 'in-stock';

export function stockLevel(inventory: number): StockLevel {
  if (inventory <= 0) return 'out-of-stock';
  if (inventory <= LOW_STOCK_THRESHOLD) return 'low-stock';
  return 'in-stock';
}

export const STOCK_LABELS: Record<StockLevel, string> = {
  'out-of-stock': 'Out of Stock',
  'low-stock': 'Low Stock',
  'in-stock': 'In Stock',
};

/** The back office's stock label: Out of Stock, Low Stock (5 or fewer units) or In Stock. */
export function stockLabel(inventory: number): string {
  return STOCK_LABELS[stockLevel(inventory)];
}

/**
 * Whether a change of inventory deserves telling the admins: when a product falls to the low-stock threshold
 * or below, and again when it runs out. Restocking, or moving about inside the low band, stays quiet so the
 * inbox is not flooded by every sale of the last few bottles.
 */
export function lowStockAlert(before: number, after: number): { priority: 'high' | 'medium' } | null {
  if (after >= before) return null;
  if (after === 0) return { priority: 'high' };
  if (after <= LOW_STOCK_THRESHOLD && before > LOW_STOCK_THRESHOLD) return { priority: 'medium' };
  return null;
}

/** URL slug of a potion name: 'Oriental Forent' → 'oriental-forent'. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/** The slug for a new potion: its name's slug, numbered (-2, -3…) past the slugs already taken. */
export function uniqueSlug(name: string, taken: ReadonlySet<string>): string {
  const base = slugify(name) || 'potion';
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
