import { data, isRouteErrorResponse, useNavigation } from 'react-router';
import { brand } from '../brand.ts';
import { StatusPage } from '../components/status-page.tsx';
import { ProductDetails } from '../features/catalogue/product-details.tsx';
import { RecordProductView } from '../features/profile/record-product-view.tsx';
import { jsonLd, originFrom, OWN_SHARE_IMAGE, seoTags, shareImageTags, SITE_SHARE_IMAGE } from '../lib/seo.ts';
import type { Route } from './+types/product';

export async function loader({ params, context }: Route.LoaderArgs) {
  const product = /^[A-Za-z0-9-]{1,120}$/.test(params.idOrSlug) ? await context.shop.products.find(params.idOrSlug) : null;
  if (!product) throw data({ message: 'Product not found' }, { status: 404 });
  return { product, origin: context.origin };
}

// The potion's picture is its share image; the layout's site card stays out.
export const handle = OWN_SHARE_IMAGE;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `Potion not found | ${brand.name}` }, ...shareImageTags(SITE_SHARE_IMAGE, originFrom(matches))];
  const { product } = loaderData;
  return seoTags({
    title: product.name,
    description: product.description,
    path: `/products/${product.slug}`,
    origin: originFrom(matches),
    image: { url: product.mainImage, alt: `${product.name}, a ${brand.name} potion` },
    type: 'product',
  });
}

/**
 * The declarations schema.org has a field for: the country of origin, the manufacturer (when the maker is one),
 * and per size the MRP as a tax-inclusive price with the unit sale price per millilitre beside it.
 */
function declarationsJsonLd(product: Route.ComponentProps['loaderData']['product']) {
  const { declarations } = product;
  return {
    ...(declarations.countryOfOrigin ? { countryOfOrigin: { '@type': 'Country', name: declarations.countryOfOrigin } } : {}),
    ...(declarations.makerRole === 'manufacturer' && declarations.makerName
      ? { manufacturer: { '@type': 'Organization', name: declarations.makerName, ...(declarations.makerAddress ? { address: declarations.makerAddress } : {}) } }
      : {}),
  };
}

function sizePriceJsonLd(size: Route.ComponentProps['loaderData']['product']['sizes'][number]) {
  const mrp = { '@type': 'UnitPriceSpecification', price: size.price.toFixed(2), priceCurrency: 'INR', valueAddedTaxIncluded: true };
  if (size.unitSalePrice === null || size.unitSalePricePer === null) return [mrp];
  const perUnit = {
    '@type': 'UnitPriceSpecification',
    price: size.unitSalePrice.toFixed(2),
    priceCurrency: 'INR',
    valueAddedTaxIncluded: true,
    // UN/CEFACT codes: MLT millilitre, LTR litre.
    referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: size.unitSalePricePer === 'ml' ? 'MLT' : 'LTR' },
  };
  return [mrp, perUnit];
}

function productJsonLd(product: Route.ComponentProps['loaderData']['product'], origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    image: product.images.map((image) => `${origin}${image}`),
    sku: product.slug,
    brand: { '@type': 'Brand', name: brand.name },
    ...declarationsJsonLd(product),
    ...(product.reviewCount > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: product.rating, reviewCount: product.reviewCount } }
      : {}),
    offers: product.sizes.map((size) => ({
      '@type': 'Offer',
      name: size.size,
      price: size.price.toFixed(2),
      priceCurrency: 'INR',
      priceSpecification: sizePriceJsonLd(size),
      availability: size.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url: `${origin}/products/${product.slug}`,
    })),
  };
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { product, origin } = loaderData;
  const switching = navigation.state === 'loading' && navigation.location.pathname.startsWith('/products/');
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(productJsonLd(product, origin)) }} />
      {switching ? (
        <p role="status" className="fixed inset-x-0 top-16 z-30 bg-crypt/95 py-2 text-center font-display text-sm tracking-widest text-gold-bright">
          Summoning product details...
        </p>
      ) : null}
      <ProductDetails key={product.id} product={product} />
      <RecordProductView productId={product.id} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <StatusPage code={404} title="This potion has vanished">
        <p>No potion answers to that name. It may have been retired from the collection, or the link is mistyped.</p>
      </StatusPage>
    );
  }
  return (
    <StatusPage title="The essence could not be summoned">
      <p>Something went wrong while loading this potion. Please try again in a moment.</p>
    </StatusPage>
  );
}
