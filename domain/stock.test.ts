import { describe, expect, it } from 'vitest';
import { linesPerProduct, showsOnStorefront, unitsByProduct, unitsClaimedThrough } from './stock.ts';

describe('stock across sizes', () => {
  const basket = [
    { productId: 7, size: '15ml', quantity: 2, name: 'Moon Elixir' },
    { productId: 3, size: '30ml', quantity: 1, name: 'Raven Oil' },
    { productId: 7, size: '30ml', quantity: 2, name: 'Moon Elixir' },
  ];

  it('sums a product\'s lines across its sizes', () => {
    expect(unitsByProduct(basket)).toEqual(new Map([[7, 4], [3, 1]]));
    expect(unitsByProduct([])).toEqual(new Map());
  });

  it('counts, line by line, the units of the product claimed so far, so the line that tips it over is the short one', () => {
    expect(unitsClaimedThrough(basket)).toEqual([2, 1, 4]);
    // Stock 2 with 15 ml × 2 and 30 ml × 2: the second size is over the stock, the first is not.
    expect(unitsClaimedThrough(basket).map((claimed, index) => basket[index]!.productId !== 7 || claimed <= 2)).toEqual([true, true, false]);
    expect(unitsClaimedThrough([])).toEqual([]);
  });

  it('merges lines into one per product, keeping the first line\'s fields', () => {
    expect(linesPerProduct(basket)).toEqual([
      { productId: 7, size: '15ml', quantity: 4, name: 'Moon Elixir' },
      { productId: 3, size: '30ml', quantity: 1, name: 'Raven Oil' },
    ]);
  });
});

describe('stock moves the storefront shows', () => {
  it('is only a potion selling out or coming back, since the storefront never shows the count', () => {
    expect(showsOnStorefront({ before: 1, after: 0 })).toBe(true);
    expect(showsOnStorefront({ before: 0, after: 3 })).toBe(true);
    expect(showsOnStorefront({ before: 12, after: 11 })).toBe(false);
    expect(showsOnStorefront({ before: 2, after: 1 })).toBe(false);
    expect(showsOnStorefront({ before: 0, after: 0 })).toBe(false);
  });
});
