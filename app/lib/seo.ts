import type { MetaDescriptor } from 'react-router';
import { brand } from '../brand.ts';

const absolute = (origin: string, pathOrUrl: string) => (/^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl}`);

/** A picture a link preview shows (Open Graph and X cards), with the words that stand in for it. */
export interface ShareImage {
  /** A path on the shop or an absolute URL. */
  url: string;
  alt: string;
  width?: number;
  height?: number;
}

/**
 * The shop's own card, shown when a page without a picture of its own is shared: 1200 × 630, the size Open Graph
 * readers (WhatsApp, Facebook, LinkedIn, X) crop least.
 */
export const SITE_SHARE_IMAGE: ShareImage = {
  url: '/images/share/deosil-perfumes.jpg',
  alt: `Three ${brand.name} potion bottles beside the shop's name and its line "${brand.tagline}"`,
  width: 1200,
  height: 630,
};

/** Marks a route whose meta names its own share image (`export const handle = OWN_SHARE_IMAGE`), so the site's card stays out. */
export const OWN_SHARE_IMAGE = { shareImage: 'own' } as const;

/** Open Graph and X tags of a share image; X reads og:image itself but needs its own alt text. */
export function shareImageTags(image: ShareImage, origin: string): { property?: string; name?: string; content: string }[] {
  const url = absolute(origin, image.url);
  return [
    { property: 'og:image', content: url },
    { property: 'og:image:alt', content: image.alt },
    ...(image.width && image.height ? [{ property: 'og:image:width', content: String(image.width) }, { property: 'og:image:height', content: String(image.height) }] : []),
    { name: 'twitter:image', content: url },
    { name: 'twitter:image:alt', content: image.alt },
  ];
}

export interface PageSeo {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. '/products/dark-poppy'. */
  path: string;
  origin: string;
  /** The page's own picture; without one the layout adds the site's card (SITE_SHARE_IMAGE). */
  image?: ShareImage;
  type?: 'website' | 'product';
}


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
    // Every page has a picture (its own, or the site's card), so the card is the large one.
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
  ];
  return image ? [...tags, ...shareImageTags(image, origin)] : tags;
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
