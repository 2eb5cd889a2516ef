/**
 * Product feeds for Google Merchant Center (RSS 2.0 with the `g:` namespace) and Meta's catalogue (CSV), made of
 * the catalogue as shoppers see it: one item per size of every potion, grouped by potion. Pure: the server reads
 * the products and the live promotions and serves the text (server/modules/feeds).
 *
 * Google's product data specification (support.google.com/merchants/answer/7052112) and RSS 2.0 feed guide
 * (answer/14987622); Meta's catalogue fields (facebook.com/business/help/120325381656392). Decision record 0065.
 */
import { billOf, lineNetPaise } from './bill.ts';
import { csvCell } from './csv.ts';
import { evaluatePromotions } from './promotions/evaluate.ts';
import type { OfferContext, Promotion } from './promotions/promotion.ts';

export interface FeedProduct {
  id: number;
  slug: string;
  name: string;
  description: string;
  categoryId: string;
  categoryName: string;
  mainImage: string | null;
  images: string[];
  isSet: boolean;
  sizes: { size: string; pricePaise: number; inStock: boolean; netQuantityMl: number | null }[];
}

export interface FeedItem {
  id: string;
  groupId: string;
  title: string;
  description: string;
  link: string;
  imageLink: string | null;
  additionalImageLinks: string[];
  inStock: boolean;
  pricePaise: number;
  /** The price a live automatic promotion gives one bottle bought alone; null when none lowers it. */
  salePaise: number | null;
  /** ISO 8601 interval of that promotion, 'start/end', when it has an end. */
  saleEffective: string | null;
  size: string;
  productType: string;
}

export interface FeedShop {
  /** The storefront's origin, without a trailing slash: links and images are absolute. */
  origin: string;
  brand: string;
  title: string;
  description: string;
}

/** Google's taxonomy: Health & Beauty > Personal Care > Cosmetics > Perfume & Cologne. */
export const PERFUME_CATEGORY_ID = '479';

// Google's limits (product data specification): id 50, title 150, description 5,000, additional images 10.
const MAX_ID = 50;
const MAX_TITLE = 150;
const MAX_DESCRIPTION = 5000;
const MAX_ADDITIONAL_IMAGES = 10;

/** C0 and C1 control characters (tab and line breaks included), which XML 1.0 and a feed's fields cannot carry. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\ufffe\uffff]/g;

/**
 * Text a feed field can hold: control characters as spaces, runs of spaces as one, cut at `max` characters.
 * Markup typed into a product is kept as the text it is; the XML writer escapes it.
 */
export function feedText(value: string, max: number): string {
  const plain = value
    .replace(CONTROL, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...plain].slice(0, max).join('');
}

/** "1499.00 INR": Google and Meta both take the amount with two decimals and the ISO 4217 code. */
export function feedPrice(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`${paise} is not an amount in paise`);
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')} INR`;
}

function absolute(origin: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/**
 * What one bottle costs during the live automatic promotions, bought alone by someone not signed in: the
 * engine the checkout prices with, so the feed never promises a price the cart would not give.
 */
export function salePriceOf(product: FeedProduct, size: FeedProduct['sizes'][number], promotions: readonly Promotion[], now: Date): { salePaise: number; effective: string | null } | null {
  const key = `${product.id}-${size.size}`;
  const bill = billOf([{ key, amountPaise: size.pricePaise }]);
  const context: OfferContext = { now, shopper: null, code: null, gifts: new Map(), codFeePaise: 0 };
  const basket = { lines: [{ key, productId: product.id, categoryId: product.categoryId, size: size.size, quantity: 1, unitPricePaise: size.pricePaise }] };
  const automatic = promotions.filter((promotion) => promotion.code === null);
  const outcome = evaluatePromotions(bill, basket, automatic, context);
  const net = lineNetPaise(outcome.bill, key);
  if (net >= size.pricePaise) return null;
  const ends = outcome.applied.map((promotion) => promotion.endsAt).filter((end): end is Date => end !== null);
  const starts = outcome.applied.map((promotion) => promotion.startsAt);
  const effective = ends.length > 0 ? `${new Date(Math.max(...starts.map(Number))).toISOString()}/${new Date(Math.min(...ends.map(Number))).toISOString()}` : null;
  return { salePaise: net, effective };
}

/** Every size of every product as a feed item, sizes of one potion sharing its group. */
export function feedItemsOf(products: readonly FeedProduct[], promotions: readonly Promotion[], shop: FeedShop, now: Date): FeedItem[] {
  const items: FeedItem[] = [];
  for (const product of products) {
    const images = [product.mainImage, ...product.images].filter((url): url is string => Boolean(url)).map((url) => absolute(shop.origin, url));
    const unique = [...new Set(images)];
    for (const size of product.sizes) {
      const sale = salePriceOf(product, size, promotions, now);
      const sizeLabel = size.netQuantityMl ? `${size.netQuantityMl} ml` : size.size;
      items.push({
        id: `${product.id}-${size.size}`.slice(0, MAX_ID),
        groupId: String(product.id),
        title: feedText(`${product.name} ${product.isSet ? 'perfume set' : 'perfume'}, ${sizeLabel}`, MAX_TITLE),
        description: feedText(product.description || product.name, MAX_DESCRIPTION),
        link: `${shop.origin}/products/${encodeURIComponent(product.slug)}?size=${encodeURIComponent(size.size)}`,
        imageLink: unique[0] ?? null,
        additionalImageLinks: unique.slice(1, 1 + MAX_ADDITIONAL_IMAGES),
        inStock: size.inStock,
        pricePaise: size.pricePaise,
        salePaise: sale?.salePaise ?? null,
        saleEffective: sale?.effective ?? null,
        size: feedText(sizeLabel, 100),
        productType: feedText(`Perfumes > ${product.categoryName}`, 750),
      });
    }
  }
  return items;
}

/** The five characters XML gives meaning to, as entities. */
export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);
}

const element = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;

/**
 * Google Merchant Center's RSS 2.0 feed. Prices are what shoppers pay, GST included: in India the listed price
 * must include tax (the `tax` attribute is for the United States only). Shipping is free across India, prepared
 * in 1–2 business days and carried in 3–7, as the checkout promises.
 */
export function googleFeedXml(items: readonly FeedItem[], shop: FeedShop): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    '<channel>',
    element('title', feedText(shop.title, 150)),
    element('link', shop.origin),
    element('description', feedText(shop.description, 5000)),
  ];
  for (const item of items) {
    const fields = [
      element('g:id', item.id),
      element('g:item_group_id', item.groupId),
      element('title', item.title),
      element('description', item.description),
      element('link', item.link),
      ...(item.imageLink ? [element('g:image_link', item.imageLink)] : []),
      ...item.additionalImageLinks.map((url) => element('g:additional_image_link', url)),
      element('g:availability', item.inStock ? 'in_stock' : 'out_of_stock'),
      element('g:price', feedPrice(item.pricePaise)),
      ...(item.salePaise !== null ? [element('g:sale_price', feedPrice(item.salePaise))] : []),
      ...(item.saleEffective ? [element('g:sale_price_effective_date', item.saleEffective)] : []),
      element('g:brand', shop.brand),
      element('g:condition', 'new'),
      // Handmade in small batches: no GTIN (barcode) or MPN is assigned.
      element('g:identifier_exists', 'no'),
      element('g:google_product_category', PERFUME_CATEGORY_ID),
      element('g:product_type', item.productType),
      element('g:size', item.size),
      '<g:shipping>' +
        element('g:country', 'IN') +
        element('g:service', 'Standard') +
        element('g:price', feedPrice(0)) +
        element('g:min_handling_time', '1') +
        element('g:max_handling_time', '2') +
        element('g:min_transit_time', '3') +
        element('g:max_transit_time', '7') +
        '</g:shipping>',
    ];
    lines.push(`<item>${fields.join('')}</item>`);
  }
  lines.push('</channel>', '</rss>', '');
  return lines.join('\n');
}

/** Meta's catalogue columns, in the order of its data feed template. */
export const META_COLUMNS = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'link',
  'image_link',
  'brand',
  'additional_image_link',
  'sale_price',
  'sale_price_effective_date',
  'item_group_id',
  'google_product_category',
  'product_type',
  'size',
] as const;

/** Meta's catalogue as CSV (RFC 4180, CRLF), one row per item; availability in Meta's words ('in stock'). */
export function metaFeedCsv(items: readonly FeedItem[], shop: FeedShop): string {
  const rows = items.map((item) => [
    item.id,
    item.title,
    item.description,
    item.inStock ? 'in stock' : 'out of stock',
    'new',
    feedPrice(item.pricePaise),
    item.link,
    item.imageLink ?? '',
    shop.brand,
    item.additionalImageLinks.join(','),
    item.salePaise !== null ? feedPrice(item.salePaise) : '',
    item.saleEffective ?? '',
    item.groupId,
    PERFUME_CATEGORY_ID,
    item.productType,
    item.size,
  ]);
  return [META_COLUMNS, ...rows].map((row) => row.map((cell) => csvCell(cell)).join(',')).join('\r\n') + '\r\n';
}
