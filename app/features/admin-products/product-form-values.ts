import type { AdminProduct } from '../../../contracts/admin-products.ts';
import { DECLARATION_FIELDS, type MakerRole, type ProductDeclarations } from '../../../domain/product-declarations.ts';

export type NoteLayer = 'top' | 'heart' | 'base';
export const NOTE_LAYERS: readonly NoteLayer[] = ['top', 'heart', 'base'];

/** The product form as typed: numbers stay text until saving, so a half-typed price is never lost. */
export interface ProductFormValues {
  name: string;
  category: string;
  price: string;
  inventory: string;
  isSignature: boolean;
  description: string;
  longDescription: string;
  image: string;
  images: string[];
  /** `netQuantityMl` blank: the millilitres the size's label names. */
  sizes: { size: string; price: string; inStock: boolean; netQuantityMl: string }[];
  declarations: Record<Exclude<keyof ProductDeclarations, 'makerRole'>, string> & { makerRole: MakerRole | '' };
  notes: Record<NoteLayer, string[]>;
  effect: string;
  ingredients: string;
  usage: string;
  hsnCode: string;
  gstRate: string;
  gstRateFrom: string;
  /** A set's potions (domain/sets.ts); empty for a single potion. Ids and quantities stay text until saving. */
  components: { productId: string; size: string; quantity: string }[];
}

/** A product's declarations as typed; a new product starts from the seller's defaults. */
function declarationValues(declared: ProductDeclarations | undefined): ProductFormValues['declarations'] {
  return Object.fromEntries(DECLARATION_FIELDS.map((field) => [field, declared?.[field] ?? ''])) as ProductFormValues['declarations'];
}

export function productFormValues(product?: AdminProduct, declarationDefaults?: ProductDeclarations): ProductFormValues {
  return {
    name: product?.name ?? '',
    category: product?.category ?? 'ritual',
    price: product ? String(product.price) : '',
    inventory: product ? String(product.inventory) : '0',
    isSignature: product?.isSignature ?? false,
    description: product?.description ?? '',
    longDescription: product?.longDescription ?? '',
    image: product?.image ?? '',
    images: product?.images ?? [],
    sizes: (product?.sizes ?? []).map((size) => ({ size: size.size, price: String(size.price), inStock: size.inStock, netQuantityMl: size.netQuantityMl === null ? '' : String(size.netQuantityMl) })),
    declarations: declarationValues(product ?? declarationDefaults),
    notes: { top: product?.notes.top ?? [], heart: product?.notes.heart ?? [], base: product?.notes.base ?? [] },
    effect: product?.effect ?? '',
    ingredients: product?.ingredients ?? '',
    usage: product?.usage ?? '',
    hsnCode: product?.hsnCode ?? '3303',
    gstRate: product ? String(product.gstRate) : '18',
    gstRateFrom: product?.gstRateFrom ?? '',
    components: (product?.components ?? []).map((part) => ({ productId: String(part.productId), size: part.size, quantity: String(part.quantity) })),
  };
}

const blankless = (list: readonly string[]) => list.map((entry) => entry.trim()).filter((entry) => entry.length > 0);

/** A decimal the way people type it ('1,499.50', ' 899 '); what cannot be read stays text for the server to name. */
function decimalOrText(value: string): number | string {
  const cleaned = value.replace(/[,\s₹]/g, '');
  return cleaned !== '' && Number.isFinite(Number(cleaned)) ? Number(cleaned) : value;
}

/**
 * The request body. As the product form always has: the price is read as a decimal and the inventory as a
 * whole number, blank images, notes and sizes are left out, and a size price that cannot be read counts as 0
 * (the size then sells at the product price). The server checks everything again and names any bad field.
 */
export function productBody(values: ProductFormValues) {
  const inventory = values.inventory.trim();
  return {
    name: values.name,
    category: values.category,
    price: decimalOrText(values.price),
    inventory: /^\d+$/.test(inventory) ? Number(inventory) : inventory === '' ? 0 : decimalOrText(inventory),
    isSignature: values.isSignature,
    description: values.description,
    longDescription: values.longDescription,
    image: values.image.trim(),
    images: blankless(values.images),
    sizes: values.sizes
      .filter((entry) => entry.size.trim() !== '')
      .map((entry) => {
        const price = decimalOrText(entry.price);
        const ml = entry.netQuantityMl.trim();
        return { size: entry.size.trim(), price: typeof price === 'number' && price >= 0 ? price : 0, inStock: entry.inStock, netQuantityMl: ml === '' ? null : decimalOrText(ml) };
      }),
    // Sent as typed: a blank declaration is one the server refuses, naming it.
    ...values.declarations,
    notes: { top: blankless(values.notes.top), heart: blankless(values.notes.heart), base: blankless(values.notes.base) },
    effect: values.effect,
    ingredients: values.ingredients,
    usage: values.usage,
    hsnCode: values.hsnCode.trim(),
    gstRate: decimalOrText(values.gstRate),
    gstRateFrom: values.gstRateFrom.trim() || null,
    // Rows with no potion chosen are left out; what cannot be read goes as typed, for the server to name.
    components: values.components
      .filter((entry) => entry.productId !== '')
      .map((entry) => ({ productId: Number(entry.productId), size: entry.size, quantity: decimalOrText(entry.quantity) })),
  };
}

/** Adds a size once (case-insensitively), trimmed; blank names add nothing. */
export function withSize(sizes: ProductFormValues['sizes'], name: string): ProductFormValues['sizes'] {
  const size = name.trim();
  if (!size || sizes.some((entry) => entry.size.toLowerCase() === size.toLowerCase())) return sizes;
  return [...sizes, { size, price: '0', inStock: true, netQuantityMl: '' }];
}
