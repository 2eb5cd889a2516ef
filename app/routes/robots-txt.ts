import type { Route } from './+types/robots-txt';

/** Keeps crawlers out of the back office and the shopper's private pages; points them at the sitemap. */
export function loader({ context }: Route.LoaderArgs) {
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /checkout',
    'Disallow: /profile',
    'Disallow: /orders',
    'Disallow: /api/',
    '',
    `Sitemap: ${context.origin}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=86400' } });
}
