import { sitePages } from '../features/content/site-pages.ts';
import { escapeXml } from '../lib/seo.ts';
import type { Route } from './+types/sitemap-xml';

const PAGE_SIZE = 100;

/** Every storefront page and every potion in the catalogue, for search engines. */
export async function loader({ context }: Route.LoaderArgs) {
  const origin = context.origin;
  const entries: string[] = Object.values(sitePages).map(
    (page) =>
      `<url><loc>${escapeXml(origin + page.path)}</loc><changefreq>${page.changefreq}</changefreq><priority>${page.priority.toFixed(1)}</priority></url>`,
  );
  for (let page = 1; ; page += 1) {
    const { products, pagination } = await context.shop.products.list({ page, limit: PAGE_SIZE, sortBy: 'name', sortOrder: 'asc' });
    for (const product of products) {
      entries.push(
        `<url><loc>${escapeXml(`${origin}/products/${product.slug}`)}</loc><lastmod>${product.updatedAt.slice(0, 10)}</lastmod><changefreq>weekly</changefreq><priority>0.8</priority></url>`,
      );
    }
    if (page >= pagination.pages) break;
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
  return new Response(xml, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
