import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../tests/support/test-app.ts';

/**
 * A link to any page, pasted into WhatsApp, Instagram, X or a search engine, previews with a picture and the words
 * that describe it; and the home page tells search engines who runs the shop and how to search it.
 */
const PUBLIC_URL = 'https://deosilperfumes.in';
/** Pages the sitemap leaves out (signed-in, token and error pages); the test adds every page the sitemap lists. */
const UNLISTED_PAGES = [
  ...['/checkout', '/orders', '/orders/track', '/profile', '/reset-password', '/verify-email', '/sign-in', '/newsletter/confirm', '/unsubscribe', '/cart/restore'],
  ...['/admin/login', '/admin/dashboard', '/products/no-such-potion', '/no-such-page'],
];

let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop({ pages: 'production', env: { PUBLIC_URL } });
});
afterAll(async () => {
  await shop?.close();
});

const ENTITIES: Record<string, string> = { '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&amp;': '&', '&lt;': '<', '&gt;': '>' };
const decode = (text: string) => text.replace(/&(quot|#x27|#39|amp|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity);

/** Every value of one meta tag (by property or name) in the page's head. */
function metaValues(html: string, key: string): string[] {
  const head = html.slice(0, html.indexOf('</head>'));
  return [...head.matchAll(/<meta\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => new RegExp(`\\b(property|name)="${key}"`).test(tag))
    .map((tag) => decode(/\bcontent="([^"]*)"/.exec(tag)?.[1] ?? ''));
}

async function page(url: string) {
  const response = await shop.app.inject({ method: 'GET', url });
  expect(response.headers['content-type'], url).toMatch(/^text\/html/);
  return response.body;
}

describe('share images', () => {
  it("gives every page one og:image on the public address, with og:image:alt and twitter:image:alt: a potion's own picture on its page, else the site's card", async () => {
    const sitemap = (await shop.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!.replace(PUBLIC_URL, '') || '/');
    expect(listed.filter((url) => url.startsWith('/products/')).length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const url of [...listed, ...UNLISTED_PAGES]) {
      const html = await page(url);
      const potion = /^\/products\/([a-z0-9-]+)$/.exec(url)?.[1];
      const own = potion && potion !== 'no-such-potion';
      const images = metaValues(html, 'og:image');
      const [alt] = metaValues(html, 'og:image:alt');
      // A product's page shows its own picture (a set's is the one chosen for it, not one named after its slug).
      const picture = own ? ((await shop.app.inject({ method: 'GET', url: `/api/products/${potion}` })).json() as { product: { mainImage: string } }).product.mainImage : null;
      const expected = picture ? `${PUBLIC_URL}${picture}` : `${PUBLIC_URL}/images/share/deosil-perfumes.jpg`;
      if (images.length !== 1 || images[0] !== expected) wrong.push(`${url}: og:image ${JSON.stringify(images)}`);
      if (!alt || !(own ? / potion$/ : /^Three Deosil Perfumes potion bottles/).test(alt)) wrong.push(`${url}: og:image:alt ${JSON.stringify(alt)}`);
      if (JSON.stringify(metaValues(html, 'twitter:image:alt')) !== JSON.stringify([alt])) wrong.push(`${url}: twitter:image:alt differs`);
      if (JSON.stringify(metaValues(html, 'twitter:image')) !== JSON.stringify(images)) wrong.push(`${url}: twitter:image differs`);
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
  });

  it('is a 1200 × 630 JPEG the shop serves at that address', async () => {
    const html = await page('/about');
    expect(metaValues(html, 'og:image:width')).toEqual(['1200']);
    expect(metaValues(html, 'og:image:height')).toEqual(['630']);
    const file = await shop.app.inject({ method: 'GET', url: '/images/share/deosil-perfumes.jpg' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
  });

  it("shows a potion's own picture, named, on its page instead of the site's card", async () => {
    const html = await page('/products/valor');
    expect(metaValues(html, 'og:image')).toEqual([`${PUBLIC_URL}/images/potions/valor.webp`]);
    expect(metaValues(html, 'og:image:alt')).toEqual(['Valor, a Deosil Perfumes potion']);
    expect(metaValues(html, 'twitter:image:alt')).toEqual(['Valor, a Deosil Perfumes potion']);
    expect(metaValues(html, 'twitter:card')).toEqual(['summary_large_image']);
  });
});

describe("the home page's structured data", () => {
  const graphOf = async () => {
    const html = await page('/');
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!) as { '@graph': Record<string, unknown>[] });
    expect(blocks).toHaveLength(1);
    return blocks[0]!['@graph'];
  };

  it('names the business: Organization with its name, address, contact, logo and Instagram', async () => {
    const organization = (await graphOf()).find((node) => node['@type'] === 'Organization');
    expect(organization).toMatchObject({
      '@id': `${PUBLIC_URL}/#organization`,
      name: 'Deosil Perfumes',
      legalName: 'Deosil Perfumes Private Limited',
      url: `${PUBLIC_URL}/`,
      logo: `${PUBLIC_URL}/favicon.svg`,
      address: { '@type': 'PostalAddress', postalCode: '560038', addressCountry: 'IN' },
      contactPoint: { '@type': 'ContactPoint', contactType: 'customer service', email: 'coven@deosilperfumes.in' },
      sameAs: ['https://www.instagram.com/deosilperfumes'],
    });
  });

  it("names the site with a SearchAction whose address is the catalogue's working search", async () => {
    const website = (await graphOf()).find((node) => node['@type'] === 'WebSite') as { potentialAction: { target: { urlTemplate: string }; 'query-input': string } } & Record<string, unknown>;
    expect(website).toMatchObject({ url: `${PUBLIC_URL}/`, name: 'Deosil Perfumes', publisher: { '@id': `${PUBLIC_URL}/#organization` } });
    expect(website.potentialAction).toMatchObject({ '@type': 'SearchAction', 'query-input': 'required name=search_term_string' });
    const template = website.potentialAction.target.urlTemplate;
    expect(template).toBe(`${PUBLIC_URL}/products?search={search_term_string}`);
    // The template, filled in, is a search the catalogue answers with the potion searched for.
    const results = await page(template.replace(PUBLIC_URL, '').replace('{search_term_string}', 'valor'));
    expect(results).toContain('href="/products/valor"');
    expect(results).not.toContain('href="/products/dark-poppy"');
  });
});
