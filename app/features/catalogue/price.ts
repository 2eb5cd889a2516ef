import { unitPricePaise } from '../../../domain/catalogue.ts';
import { rupeesToPaise } from '../../../domain/money.ts';
import type { Product } from '../../../contracts/products.ts';

/** Price of one bottle in the chosen size, by the same rule the server prices a cart line with. */
export function sizePricePaise(product: Pick<Product, 'price' | 'sizes'>, size: string): number {
  return unitPricePaise(
    {
      pricePaise: rupeesToPaise(product.price),
      sizes: product.sizes.map((entry) => ({ size: entry.size, pricePaise: rupeesToPaise(entry.price) })),
    },
    size,
  );
}
