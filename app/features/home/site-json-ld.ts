import { brand } from '../../brand.ts';
import { SITE_SHARE_IMAGE } from '../../lib/seo.ts';

/**
 * The home page's structured data (schema.org, read by search engines): the business behind the shop, and the
 * site with its catalogue search, so a result for the shop can carry a search box that lands on /products.
 * One graph, the site naming the business as its publisher by @id.
 */
export function siteJsonLd(origin: string) {
  const organizationId = `${origin}/#organization`;
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Organization',
        '@id': organizationId,
        name: brand.name,
        legalName: brand.legalName,
        url: `${origin}/`,
        logo: `${origin}/favicon.svg`,
        image: `${origin}${SITE_SHARE_IMAGE.url}`,
        description: brand.description,
        foundingDate: String(brand.founded),
        email: brand.email,
        telephone: brand.phoneHref,
        address: {
          '@type': 'PostalAddress',
          streetAddress: brand.address.line1,
          addressLocality: brand.address.city,
          addressRegion: brand.address.region,
          postalCode: brand.address.postalCode,
          addressCountry: 'IN',
        },
        contactPoint: {
          '@type': 'ContactPoint',
          contactType: 'customer service',
          email: brand.email,
          telephone: brand.phoneHref,
          areaServed: 'IN',
          availableLanguage: ['en'],
        },
        founder: brand.founders.map((founder) => ({ '@type': 'Person', name: founder.name, jobTitle: founder.role })),
        sameAs: [brand.instagramUrl],
      },
      {
        '@type': 'WebSite',
        '@id': `${origin}/#website`,
        name: brand.name,
        url: `${origin}/`,
        inLanguage: 'en-IN',
        publisher: { '@id': organizationId },
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${origin}/products?search={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  };
}
