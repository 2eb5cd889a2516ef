import type { Product } from '../../../contracts/products.ts';

/**
 * What a catalogue card and its quick view show. Pages send only this to the browser: the full product
 * (long description, ingredients, usage…) would triple the data a catalogue page carries.
 */
export type ProductCardData = Pick<
  Product,
  'id' | 'slug' | 'name' | 'description' | 'price' | 'sizes' | 'mainImage' | 'inStock' | 'isSignature' | 'rating' | 'reviewCount' | 'effect' | 'notes' | 'isSet' | 'separatePrice'
> & { bottles: number };

export function toCardData(product: Product): ProductCardData {
  const { id, slug, name, description, price, sizes, mainImage, inStock, isSignature, rating, reviewCount, effect, notes, isSet, separatePrice } = product;
  // A set's card shows how many bottles it holds, not its whole contents.
  const bottles = product.contents.reduce((sum, part) => sum + part.quantity, 0);
  return { id, slug, name, description, price, sizes, mainImage, inStock, isSignature, rating, reviewCount, effect, notes, isSet, separatePrice, bottles };
}
