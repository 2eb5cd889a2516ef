import { describe, expect, it } from 'vitest';
import { isAvailable, restocked, WHOLE_POTION } from './stock-waitlist.ts';

const sizes = (fifteen: boolean) => [
  { size: '15ml', inStock: fifteen },
  { size: '50ml', inStock: true },
];

describe('isAvailable', () => {
  it('needs units on the shelf, and for a size that the size is offered', () => {
    expect(isAvailable({ inventory: 0, sizes: sizes(true) }, WHOLE_POTION)).toBe(false);
    expect(isAvailable({ inventory: 0, sizes: sizes(true) }, '15ml')).toBe(false);
    expect(isAvailable({ inventory: 3, sizes: sizes(false) }, WHOLE_POTION)).toBe(true);
    expect(isAvailable({ inventory: 3, sizes: sizes(false) }, '15ml')).toBe(false);
    expect(isAvailable({ inventory: 3, sizes: sizes(false) }, '50ml')).toBe(true);
    expect(isAvailable({ inventory: 3, sizes: sizes(true) }, '100ml')).toBe(false);
  });

  it('treats a potion without sizes as one size that follows the inventory', () => {
    expect(isAvailable({ inventory: 1, sizes: [] }, '50ml')).toBe(true);
    expect(isAvailable({ inventory: 0, sizes: [] }, '50ml')).toBe(false);
  });
});

describe('restocked', () => {
  it('is the change from not buyable to buyable, and only that', () => {
    expect(restocked({ inventory: 0, sizes: sizes(true) }, { inventory: 4, sizes: sizes(true) }, WHOLE_POTION)).toBe(true);
    expect(restocked({ inventory: 2, sizes: sizes(true) }, { inventory: 4, sizes: sizes(true) }, WHOLE_POTION)).toBe(false);
    expect(restocked({ inventory: 0, sizes: sizes(false) }, { inventory: 4, sizes: sizes(false) }, '15ml')).toBe(false);
    expect(restocked({ inventory: 4, sizes: sizes(false) }, { inventory: 4, sizes: sizes(true) }, '15ml')).toBe(true);
    expect(restocked({ inventory: 4, sizes: sizes(true) }, { inventory: 0, sizes: sizes(true) }, '15ml')).toBe(false);
  });
});
