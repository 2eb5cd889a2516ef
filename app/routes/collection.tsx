import { Link } from 'react-router';
import { PageHero, Prose } from '../features/content/content-layout.tsx';
import { sitePages } from '../features/content/site-pages.ts';
import { sitePageTags } from '../lib/seo.ts';
import type { Route } from './+types/collection';

export async function loader({ context }: Route.LoaderArgs) {
  const categories = await context.shop.products.categories();
  return { families: categories.filter((category) => category.id !== 'all' && category.count > 0) };
}

export function meta({ matches }: Route.MetaArgs) {
  return sitePageTags(sitePages.collection, matches);
}

export default function Collection({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="The collection" title="Families of potions">
        <p>Every Deosil potion belongs to a family: a purpose it was blended for. Start with what you need, not with a note.</p>
      </PageHero>
      <section aria-label="Potion families" className="mx-auto max-w-6xl px-4 pb-12 sm:px-6">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.families.map((family) => (
            <li key={family.id} className="panel flex flex-col gap-3 p-6">
              <h2 className="text-xl text-gold-bright">{family.name}</h2>
              <p className="flex-1 text-ash">{family.description}</p>
              <Link to={`/products?category=${family.id}`} className="btn-ghost self-start">
                SEE {family.count} {family.count === 1 ? 'POTION' : 'POTIONS'}
                <span className="sr-only"> in {family.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <Prose>
        <h2>How to choose</h2>
        <p>
          If you are new to us, begin with the <strong>Signature Scents</strong>: the eight potions the house was built
          on, each made to be worn alone and all day. The other families are more particular. Ritual potions are
          resinous and smoky, made for evenings and quiet rooms. Seduction elixirs are warm and close to the skin.
          Protection charms are sharp and herbal, a ward you wear. Transformation brews shift as they dry down, and
          wisdom tinctures smell of tea, paper and incense, for long nights of thought.
        </p>
        <h2>Sizes</h2>
        <p>
          Every potion comes in 15 ml, 30 ml and 50 ml bottles. The 15 ml bottle is the best way to meet a potion; the
          50 ml is the best value once you know you love it. Prices are in rupees, include GST, and shipping is free
          across India.
        </p>
        <p>
          <Link to="/products">Browse every potion</Link> or read our <Link to="/rituals">scent rituals</Link> to
          learn how to wear them.
        </p>
      </Prose>
    </>
  );
}
