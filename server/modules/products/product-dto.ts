import {
  resolveImages,
  resolveLongDescription,
  resolveNotes,
  resolveSizes,
  resolveText,
  GENERIC_EFFECT,
  GENERIC_INGREDIENTS,
  GENERIC_USAGE,
  type SizeOption,
} from '../../../domain/catalogue.ts';
import { paiseToRupees } from '../../../domain/money.ts';
import { declareSize, DECLARATION_FIELDS, type ProductDeclarations } from '../../../domain/product-declarations.ts';
import type { Product } from '../../../contracts/products.ts';
import { setSaving } from '../../../domain/sets.ts';
import type { SetContentRow } from './set-contents.ts';

/** A product row as the catalogue queries read it (sizes already aggregated). */
export interface ProductRow extends ProductDeclarations {
  id: number;
  slug: string;
  name: string;
  description: string;
  longDescription: string | null;
  categoryId: string;
  pricePaise: number;
  mainImage: string | null;
  images: string[];
  isSignature: boolean;
  inventory: number;
  inStock: boolean | null;
  rating: number;
  reviewCount: number;
  sales: number;
  notes: { top?: string[]; heart?: string[]; base?: string[] };
  effect: string | null;
  ingredients: string | null;
  usage: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  sizes: SizeOption[];
  isSet?: boolean;
  contents?: SetContentRow[];
  /** The live sets holding this potion. */
  alsoIn?: { slug: string; name: string }[];
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The row's declarations alone, as stored (null where the product declares nothing yet). */
export function declarationsOf(row: ProductDeclarations): ProductDeclarations {
  return Object.fromEntries(DECLARATION_FIELDS.map((field) => [field, row[field]])) as unknown as ProductDeclarations;
}

/** The product as the API promises it: spec field names, defaults applied, rupees with two decimals. */
export function toProductDto(row: ProductRow): Product {
  const inStock = row.inStock ?? row.inventory > 0;
  const { mainImage, images } = resolveImages(row);
  const sizes = resolveSizes({ sizes: row.sizes, pricePaise: row.pricePaise, inStock });
  return {
    _id: String(row.id),
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    longDescription: resolveLongDescription(row),
    category: row.categoryId,
    price: paiseToRupees(row.pricePaise),
    sizes: sizes.map((size) => {
      const declared = declareSize(size, size.pricePaise);
      return {
        size: size.size,
        price: paiseToRupees(size.pricePaise),
        inStock: size.inStock,
        netQuantityMl: declared.netQuantityMl,
        unitSalePrice: declared.unitSalePrice ? paiseToRupees(declared.unitSalePrice.paise) : null,
        unitSalePricePer: declared.unitSalePrice?.per ?? null,
      };
    }),
    mainImage,
    image: mainImage,
    images,
    inStock,
    isSignature: row.isSignature,
    rating: Math.round(row.rating * 10) / 10,
    reviewCount: row.reviewCount,
    inventory: row.inventory,
    sales: row.sales,
    notes: resolveNotes(row.notes),
    effect: resolveText(row.effect, GENERIC_EFFECT),
    ingredients: resolveText(row.ingredients, GENERIC_INGREDIENTS),
    usage: resolveText(row.usage, GENERIC_USAGE),
    declarations: declarationsOf(row),
    isSet: row.isSet ?? false,
    contents: (row.contents ?? []).map((part) => ({ productId: part.productId, slug: part.slug, name: part.name, size: part.size, quantity: part.quantity, price: paiseToRupees(part.unitPricePaise) })),
    separatePrice: row.isSet ? paiseToRupees(setSaving(row.pricePaise, row.contents ?? []).separatePaise) : null,
    alsoIn: row.alsoIn ?? [],
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
