import type { Product } from '../../../contracts/products.ts';

/**
 * What a catalogue card and its quick view show. Pages send only this to the browser: the full product
 * (long description, ingredients, usage…) would triple the data a catalogue page carries.
 */
export type ProductCardData = Pick<
  Product,
  'id' | 'slug' | 'name' | 'description' | 'price' | 'sizes' | 'mainImage' | 'inStock' | 'isSignature' | 'rating' | 'reviewCount' | 'effect' | 'notes'
>;

export function toCardData(product: Product): ProductCardData {
  const { id, slug, name, description, price, sizes, mainImage, inStock, isSignature, rating, reviewCount, effect, notes } = product;
  return { id, slug, name, description, price, sizes, mainImage, inStock, isSignature, rating, reviewCount, effect, notes };
}
