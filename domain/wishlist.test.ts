import { describe, expect, it } from 'vitest';
import { lowestPricePaise, wishlistNews } from './wishlist.ts';

describe('wishlist news', () => {
  const seen = { pricePaise: 199_900, inStock: true };

  it('is a price drop when the potion is cheaper than last seen and can be bought', () => {
    expect(wishlistNews(seen, { pricePaise: 149_900, inStock: true })).toBe('price-drop');
  });

  it('is nothing for a rise, an unchanged price, or a drop while sold out', () => {
    expect(wishlistNews(seen, { pricePaise: 249_900, inStock: true })).toBeNull();
    expect(wishlistNews(seen, seen)).toBeNull();
    expect(wishlistNews(seen, { pricePaise: 99_900, inStock: false })).toBeNull();
  });

  it('is a return to stock after being sold out, told as a drop when it also came back cheaper', () => {
    expect(wishlistNews({ pricePaise: 199_900, inStock: false }, { pricePaise: 199_900, inStock: true })).toBe('back-in-stock');
    expect(wishlistNews({ pricePaise: 199_900, inStock: false }, { pricePaise: 179_900, inStock: true })).toBe('price-drop');
  });

  it("reads the lowest price from the sizes, a size at 0 selling at the potion's price", () => {
    expect(lowestPricePaise({ pricePaise: 299_900, sizes: [{ pricePaise: 149_900 }, { pricePaise: 0 }] })).toBe(149_900);
    expect(lowestPricePaise({ pricePaise: 299_900, sizes: [] })).toBe(299_900);
  });
});
