import { describe, expect, it } from 'vitest';
import {
  declareSize,
  formatUnitSalePrice,
  invoiceDeclarationLine,
  makerLine,
  missingDeclarations,
  netQuantityFromLabel,
  unitSalePrice,
  type ProductDeclarations,
} from './product-declarations.ts';

const complete: ProductDeclarations = {
  genericName: 'Eau de Parfum',
  makerRole: 'packer',
  makerName: 'Kannauj Attar Works',
  makerAddress: 'Bada Bazaar, Kannauj 209725, Uttar Pradesh',
  countryOfOrigin: 'India',
  bestBefore: 'Best before 48 months from packing',
  consumerCare: 'care@example.in',
};

describe('net quantity', () => {
  it('is read from the size label when the size declares none', () => {
    expect(netQuantityFromLabel('50ml')).toBe(50);
    expect(netQuantityFromLabel('15 ml')).toBe(15);
    expect(netQuantityFromLabel('50ml - Special')).toBe(50);
    expect(netQuantityFromLabel('Travel set')).toBeNull();
    expect(netQuantityFromLabel('0ml')).toBeNull();
  });

  it('prefers what the size declares over its label', () => {
    expect(declareSize({ size: 'Travel set', netQuantityMl: 30 }, 99_900).netQuantityMl).toBe(30);
  });
});

describe('missing declarations', () => {
  it('lists nothing for a complete product', () => {
    expect(missingDeclarations(complete, [{ size: '15ml' }, { size: '50ml' }])).toEqual([]);
  });

  it('names each blank declaration and each size without a quantity', () => {
    const missing = missingDeclarations({ ...complete, makerName: '  ', countryOfOrigin: null, makerRole: null }, [{ size: '15ml' }, { size: 'Gift box' }]);
    expect(missing).toEqual(['makerRole', 'makerName', 'countryOfOrigin', 'sizes.1.netQuantityMl']);
  });
});

describe('unit sale price (rule 6(11), 2022)', () => {
  it('is rupees per millilitre, to the paisa, under a litre', () => {
    expect(unitSalePrice(299_900, 50)).toEqual({ paise: 5998, per: 'ml' });
    expect(formatUnitSalePrice(unitSalePrice(129_900, 15))).toBe('₹86.60 per ml');
  });

  it('is per litre from a litre up', () => {
    expect(unitSalePrice(500_000, 2000)).toEqual({ paise: 250_000, per: 'l' });
  });

  it('is computed from the size price, never typed', () => {
    expect(declareSize({ size: '30ml' }, 194_900)).toEqual({ netQuantityMl: 30, mrpPaise: 194_900, unitSalePrice: { paise: 6497, per: 'ml' } });
    expect(declareSize({ size: 'Gift box' }, 194_900).unitSalePrice).toBeNull();
  });
});

describe('lines for the page and the invoice', () => {
  it('names the maker by the role chosen', () => {
    expect(makerLine({ ...complete, makerRole: 'importer', makerName: 'Grasse Imports LLP', makerAddress: 'Mumbai 400001' })).toBe('Imported by Grasse Imports LLP, Mumbai 400001');
    expect(makerLine({ ...complete, makerRole: null })).toBeNull();
  });

  it('puts generic name, quantity, MRP inclusive of taxes and origin on an invoice line', () => {
    expect(invoiceDeclarationLine(complete, declareSize({ size: '50ml' }, 299_900))).toBe('Eau de Parfum · 50 ml · MRP ₹2,999.00 (incl. of all taxes) · Country of origin: India');
  });
});
