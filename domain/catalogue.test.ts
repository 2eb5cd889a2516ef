import { describe, expect, it } from 'vitest';
import {
  categoryIcon,
  defaultSizeOf,
  GENERIC_NOTES,
  PLACEHOLDER_IMAGE,
  resolveImages,
  resolveLongDescription,
  resolveNotes,
  resolveSizes,
  slugify,
  lowStockAlert,
  stockLabel,
  stockLevel,
  uniqueSlug,
  sizePricePaise,
  unitPricePaise,
} from './catalogue.ts';

describe('product defaults', () => {
  it('falls back to the main image, then a placeholder', () => {
    expect(resolveImages({ mainImage: '/a.svg', images: [] })).toEqual({ mainImage: '/a.svg', images: ['/a.svg'] });
    expect(resolveImages({ mainImage: null, images: ['', '/b.svg'] })).toEqual({
      mainImage: '/b.svg',
      images: ['/b.svg'],
    });
    expect(resolveImages({})).toEqual({ mainImage: PLACEHOLDER_IMAGE, images: [PLACEHOLDER_IMAGE] });
  });

  it('gives a potion without sizes one 30ml size at the product price', () => {
    expect(resolveSizes({ sizes: [], pricePaise: 99900, inStock: true })).toEqual([
      { size: '30ml', pricePaise: 99900, inStock: true },
    ]);
  });

  it('never sells a size of a product that is out of stock', () => {
    const sizes = resolveSizes({
      sizes: [{ size: '15ml', pricePaise: 50000, inStock: true }],
      pricePaise: 99900,
      inStock: false,
    });
    expect(sizes[0]?.inStock).toBe(false);
  });

  it('fills missing notes with generic text but keeps the ones given', () => {
    expect(resolveNotes({ top: ['Bergamot', ' '] })).toEqual({
      top: ['Bergamot'],
      heart: [...GENERIC_NOTES.heart],
      base: [...GENERIC_NOTES.base],
    });
  });

  it('uses the description when there is no long description', () => {
    expect(resolveLongDescription({ description: 'Short', longDescription: '' })).toBe('Short');
  });
});

describe('cart line price', () => {
  const product = {
    pricePaise: 120000,
    sizes: [
      { size: '15ml', pricePaise: 60000 },
      { size: '30ml', pricePaise: 0 },
    ],
  };

  it('takes the chosen size price, then the product price, then 0', () => {
    expect(unitPricePaise(product, '15ml')).toBe(60000);
    expect(unitPricePaise(product, '30ml')).toBe(120000);
    expect(unitPricePaise(product, '100ml')).toBe(120000);
    expect(unitPricePaise({ sizes: [] }, '15ml')).toBe(0);
  });

  it('prices a size of a product as the API shows it, in rupees, by the same rule', () => {
    const shown = { price: 1200, sizes: [{ size: '15ml', price: 600.5 }, { size: '30ml', price: 0 }] };
    expect(sizePricePaise(shown, '15ml')).toBe(60050);
    expect(sizePricePaise(shown, '30ml')).toBe(120000);
    expect(sizePricePaise({ price: 0, sizes: [] }, '15ml')).toBe(0);
  });

  it('starts on 50ml when offered, else the first size', () => {
    expect(defaultSizeOf([{ size: '15ml' }, { size: '50ml' }])).toBe('50ml');
    expect(defaultSizeOf([{ size: '15ml' }, { size: '30ml' }])).toBe('15ml');
  });
});

describe('catalogue helpers', () => {
  it('labels stock with the low-stock threshold of 5', () => {
    expect(stockLevel(0)).toBe('out-of-stock');
    expect(stockLevel(5)).toBe('low-stock');
    expect(stockLevel(6)).toBe('in-stock');
    expect([0, 1, 5, 6, 40].map(stockLabel)).toEqual(['Out of Stock', 'Low Stock', 'Low Stock', 'In Stock', 'In Stock']);
  });

  it('alerts when stock falls to 5 or below, and again when it runs out', () => {
    expect(lowStockAlert(6, 5)).toEqual({ priority: 'medium' });
    expect(lowStockAlert(20, 2)).toEqual({ priority: 'medium' });
    expect(lowStockAlert(3, 0)).toEqual({ priority: 'high' });
    expect(lowStockAlert(10, 0)).toEqual({ priority: 'high' });
    expect(lowStockAlert(5, 4)).toBeNull();
    expect(lowStockAlert(2, 8)).toBeNull();
    expect(lowStockAlert(0, 0)).toBeNull();
    expect(lowStockAlert(9, 6)).toBeNull();
  });

  it('numbers a slug past the ones already taken', () => {
    expect(uniqueSlug('Moon Dew', new Set())).toBe('moon-dew');
    expect(uniqueSlug('Moon Dew', new Set(['moon-dew', 'moon-dew-2']))).toBe('moon-dew-3');
    expect(uniqueSlug('☾☾', new Set())).toBe('potion');
  });

  it('slugs names for URLs', () => {
    expect(slugify('Oriental Forent')).toBe('oriental-forent');
    expect(slugify("  Witch's Brew — Ñight  ")).toBe('witch-s-brew-night');
  });
});

describe('category icons', () => {
  it('gives ritual, seduction and protection their own icons and every other category the default one', () => {
    expect(['ritual', 'seduction', 'protection'].map(categoryIcon)).toEqual(['ritual', 'seduction', 'protection']);
    expect(['all', 'signature', 'wisdom', 'moonlit-new-line'].map(categoryIcon)).toEqual(['default', 'default', 'default', 'default']);
  });
});
