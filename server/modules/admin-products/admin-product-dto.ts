import { resolveImages } from '../../../domain/catalogue.ts';
import { paiseToRupees } from '../../../domain/money.ts';
import type { AdminProduct } from '../../../contracts/admin-products.ts';
import { missingDeclarations } from '../../../domain/product-declarations.ts';
import { setSaving } from '../../../domain/sets.ts';
import { declarationsOf, type ProductRow } from '../products/product-dto.ts';

export type AdminProductRow = ProductRow & { archivedAt: Date | string | null; held: number; hsnCode: string; gstRateBp: number; gstRateFrom: string | null; previousGstRateBp: number | null };

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * The product as the back office edits it: the stored values without the storefront's defaults (a blank effect
 * stays blank, so saving the form never writes the generic wording into the database), plus the picture the
 * storefront shows and whether the product is archived.
 */
export function toAdminProductDto(row: AdminProductRow): AdminProduct {
  const contents = row.contents ?? [];
  const saving = row.isSet ? setSaving(row.pricePaise, contents) : null;
  return {
    _id: String(row.id),
    id: row.id,
    slug: row.slug,
    name: row.name,
    category: row.categoryId,
    price: paiseToRupees(row.pricePaise),
    description: row.description,
    longDescription: row.longDescription,
    inventory: row.inventory,
    held: row.held,
    inStock: row.inStock ?? row.inventory > 0,
    isSignature: row.isSignature,
    image: row.mainImage,
    displayImage: resolveImages(row).mainImage,
    images: row.images,
    sizes: row.sizes.map((size) => ({ size: size.size, price: paiseToRupees(size.pricePaise), inStock: size.inStock, netQuantityMl: size.netQuantityMl ?? null })),
    notes: { top: row.notes.top ?? [], heart: row.notes.heart ?? [], base: row.notes.base ?? [] },
    ...declarationsOf(row),
    missingDeclarations: missingDeclarations(row, row.sizes),
    effect: row.effect,
    ingredients: row.ingredients,
    usage: row.usage,
    hsnCode: row.hsnCode,
    gstRate: row.gstRateBp / 100,
    gstRateFrom: row.gstRateFrom,
    previousGstRate: row.previousGstRateBp === null ? null : row.previousGstRateBp / 100,
    sales: row.sales,
    rating: Math.round(row.rating * 10) / 10,
    reviewCount: row.reviewCount,
    archived: row.archivedAt !== null,
    archivedAt: row.archivedAt === null ? null : iso(row.archivedAt),
    components: contents.map((part) => ({ productId: part.productId, name: part.name, size: part.size, quantity: part.quantity, price: paiseToRupees(part.unitPricePaise) })),
    saving: saving ? paiseToRupees(saving.savingPaise) : null,
    separatePrice: saving ? paiseToRupees(saving.separatePaise) : null,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
