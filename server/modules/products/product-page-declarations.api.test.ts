import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop({ pages: 'production' });
});
afterAll(async () => {
  await shop?.close();
});

interface ProductLd {
  countryOfOrigin?: unknown;
  manufacturer?: unknown;
  offers: { name: string; priceSpecification: unknown }[];
}

const productJsonLd = (html: string): ProductLd => {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
  return blocks.find((block) => block['@type'] === 'Product') as unknown as ProductLd;
};

describe('the product page', () => {
  it('shows the declarations before the sale, for the default size', async () => {
    const page = await shop.app.inject({ method: 'GET', url: '/products/valor' });
    expect(page.statusCode).toBe(200);
    const block = /<section[^>]*data-testid="product-declarations"[^>]*>(.*?)<\/section>/s.exec(page.body)?.[1] ?? '';
    const text = block.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ');
    expect(text).toContain('Product details & legal information');
    for (const shown of ['Generic name Eau de Parfum', 'Country of origin India', 'Manufactured by Deosil Perfumes Private Limited, 14 Moonlight Lane', 'Best before 36 months', 'Consumer care coven@deosilperfumes.in']) {
      expect(text).toContain(shown);
    }
    expect(text).toMatch(/Net quantity \d+ ml MRP ₹[\d,]+\.\d\d \(inclusive of all taxes\) Unit sale price ₹[\d,]+\.\d\d per ml/);
  });

  it('gives search engines the country of origin, the manufacturer and each size’s tax-inclusive and per-ml price', async () => {
    const page = await shop.app.inject({ method: 'GET', url: '/products/valor' });
    const product = productJsonLd(page.body);
    expect(product.countryOfOrigin).toEqual({ '@type': 'Country', name: 'India' });
    expect(product.manufacturer).toMatchObject({ '@type': 'Organization', name: 'Deosil Perfumes Private Limited' });
    const fifty = product.offers.find((offer) => offer.name === '50ml');
    expect(fifty?.priceSpecification).toEqual([
      { '@type': 'UnitPriceSpecification', price: '2999.00', priceCurrency: 'INR', valueAddedTaxIncluded: true },
      { '@type': 'UnitPriceSpecification', price: '59.98', priceCurrency: 'INR', valueAddedTaxIncluded: true, referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MLT' } },
    ]);
  });
});
