import { describe, expect, it } from 'vitest';
import { productBody, productFormValues, withSize } from './product-form-values.ts';

describe('product form', () => {
  it('reads the price as a decimal and the inventory as a whole number, dropping blank entries', () => {
    const values = {
      ...productFormValues(),
      name: 'Moon Dew',
      price: '1,499.50',
      inventory: '12',
      images: ['', ' /uploads/a.png ', '  '],
      sizes: [
        { size: '20ml', price: 'cheap', inStock: true, netQuantityMl: '' },
        { size: '  ', price: '10', inStock: true, netQuantityMl: '' },
        { size: '50ml', price: '1299', inStock: false, netQuantityMl: ' 48 ' },
      ],
      notes: { top: ['Jasmine', ' '], heart: [], base: ['', 'Vetiver'] },
    };
    expect(productBody(values)).toMatchObject({
      price: 1499.5,
      inventory: 12,
      images: ['/uploads/a.png'],
      sizes: [
        { size: '20ml', price: 0, inStock: true, netQuantityMl: null },
        { size: '50ml', price: 1299, inStock: false, netQuantityMl: 48 },
      ],
      notes: { top: ['Jasmine'], heart: [], base: ['Vetiver'] },
    });
  });

  it('starts a new product from the seller defaults and sends a cleared declaration blank, for the server to refuse', () => {
    const defaults = { genericName: 'Eau de Parfum', makerRole: 'packer' as const, makerName: 'Kannauj Attar Works', makerAddress: 'Kannauj 209725', countryOfOrigin: 'India', bestBefore: '48 months', consumerCare: 'care@example.in' };
    const values = productFormValues(undefined, defaults);
    expect(values.declarations).toEqual(defaults);
    expect(productBody({ ...values, declarations: { ...values.declarations, countryOfOrigin: '' } })).toMatchObject({ ...defaults, countryOfOrigin: '' });
  });

  it('leaves what cannot be read for the server to name', () => {
    const body = productBody({ ...productFormValues(), price: 'a lot', inventory: '2.5' });
    expect(body.price).toBe('a lot');
    expect(body.inventory).toBe(2.5);
  });

  it('adds a custom size once, trimmed, and never a blank one', () => {
    const one = withSize([], '  75ml ');
    expect(one).toEqual([{ size: '75ml', price: '0', inStock: true, netQuantityMl: '' }]);
    expect(withSize(one, '75ML')).toBe(one);
    expect(withSize(one, '   ')).toBe(one);
  });
});
