import { Link } from 'react-router';
import { brand } from '../brand.ts';
import { FestivalBanner } from '../features/festivals/festival-banner.tsx';
import { toCardData } from '../features/catalogue/card-data.ts';
import { ProductCard } from '../features/catalogue/product-card.tsx';
import { originFrom, seoTags } from '../lib/seo.ts';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const { products } = await context.shop.products.list({ category: 'signature', limit: 8 });
  return { signature: products.map(toCardData) };
}

export function meta({ matches }: Route.MetaArgs) {
  return seoTags({ title: `${brand.name}: ${brand.tagline}`, description: brand.description, path: '/', origin: originFrom(matches) });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <FestivalBanner />
      <section className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 pt-20 pb-16 text-center">
        <p className="eyebrow">Handcrafted occult perfumery</p>
        <h1 className="text-4xl leading-tight text-gold-bright sm:text-6xl">Potions for the bold and the bewitched</h1>
        <p className="max-w-2xl text-lg text-ash">{brand.description}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/products" className="btn-gold">
            EXPLORE POTIONS
          </Link>
        </div>
      </section>
      <section className="mx-auto max-w-7xl px-4 pb-20 sm:px-6" aria-labelledby="signature-heading">
        <h2 id="signature-heading" className="mb-8 text-center text-2xl text-gold-bright sm:text-3xl">
          Signature Scents
        </h2>
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {loaderData.signature.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
