import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('products', 'routes/products.tsx'),
  route('products/:idOrSlug', 'routes/product.tsx'),
  route('about', 'routes/about.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('collection', 'routes/collection.tsx'),
  route('rituals', 'routes/rituals.tsx'),
  route('faq', 'routes/faq.tsx'),
  route('shipping', 'routes/shipping.tsx'),
  route('returns', 'routes/returns.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('terms', 'routes/terms.tsx'),
  route('sitemap.xml', 'routes/sitemap-xml.ts'),
  route('robots.txt', 'routes/robots-txt.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
