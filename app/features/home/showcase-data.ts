import type { Product } from '../../../contracts/products.ts';

/** The order of the Signature Scents tabs; potions the catalogue adds later follow in its own order. */
export const SIGNATURE_ORDER = ['Valor', 'Da Bomb', 'Oriental Forent', 'Dazzling Dream', 'In The Wilds', 'Dark Poppy', 'Arctic Paradise', 'Pereisia'];

export interface ShowcasePotion {
  slug: string;
  name: string;
  description: string;
  effect: string;
  /** Five notes, top to base. */
  notes: string[];
  image: string;
  /** The smallest bottle's price, in rupees. */
  fromPrice: number;
}

/** Only what a tab shows travels to the browser. */
export function toShowcase(products: readonly Product[]): ShowcasePotion[] {
  const rank = (name: string) => {
    const index = SIGNATURE_ORDER.indexOf(name);
    return index === -1 ? SIGNATURE_ORDER.length : index;
  };
  return [...products]
    .sort((a, b) => rank(a.name) - rank(b.name))
    .map((product) => ({
      slug: product.slug,
      name: product.name,
      description: product.description,
      effect: product.effect,
      notes: [...product.notes.top, ...product.notes.heart, ...product.notes.base].slice(0, 5),
      image: product.mainImage,
      fromPrice: Math.min(product.price, ...product.sizes.map((size) => size.price)),
    }));
}
