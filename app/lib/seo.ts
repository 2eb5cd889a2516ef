import type { MetaDescriptor } from 'react-router';
import { brand } from '../brand.ts';

export interface PageSeo {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. '/products/dark-poppy'. */
  path: string;
  origin: string;
  image?: string;
  type?: 'website' | 'product';
}

const absolute = (origin: string, pathOrUrl: string) => (/^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl}`);

/** Title, description, canonical URL, Open Graph and Twitter tags for one page. */
export function seoTags({ title, description, path, origin, image, type = 'website' }: PageSeo): MetaDescriptor[] {
  const url = absolute(origin, path);
  const fullTitle = title.includes(brand.name) ? title : `${title} | ${brand.name}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: brand.name },
    { property: 'og:locale', content: brand.locale },
    { property: 'og:type', content: type },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
  ];
  if (image) {
    tags.push({ property: 'og:image', content: absolute(origin, image) }, { name: 'twitter:image', content: absolute(origin, image) });
  }
  return tags;
}

/** The origin the root loader found for this request (canonical URLs need it in meta functions). */
export function originFrom(matches: readonly unknown[]): string {
  for (const match of matches) {
    const candidate = match as { id?: string; data?: { origin?: string }; loaderData?: { origin?: string } } | undefined;
    if (candidate?.id === 'root') return candidate.loaderData?.origin ?? candidate.data?.origin ?? '';
  }
  return '';
}

/** JSON for a <script type="application/ld+json"> block, safe against '</script>' inside product text. */
export function jsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The tags of one of the storefront's own pages, from its entry in the site page list. */
export function sitePageTags(page: { title: string; description: string; path: string }, matches: readonly unknown[]): MetaDescriptor[] {
  return seoTags({ title: page.title, description: page.description, path: page.path, origin: originFrom(matches) });
}

const xmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => xmlEscapes[char] ?? char);
