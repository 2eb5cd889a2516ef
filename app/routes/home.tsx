import { sitePages } from '../features/content/site-pages.ts';
import { FestivalBanner } from '../features/festivals/festival-banner.tsx';
import { DarkCraft } from '../features/home/dark-craft.tsx';
import { Hero } from '../features/home/hero.tsx';
import { ParticleField } from '../features/home/particle-field.tsx';
import { toShowcase } from '../features/home/showcase-data.ts';
import { SignatureShowcase } from '../features/home/signature-showcase.tsx';
import { HydrateInTurn } from '../lib/hydrate-in-turn.tsx';
import { sitePageTags } from '../lib/seo.ts';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const [{ products }, festivals] = await Promise.all([context.shop.products.list({ category: 'signature' }), context.shop.festivals.active()]);
  return { signature: toShowcase(products), festivals };
}

export function meta({ matches }: Route.MetaArgs) {
  return sitePageTags(sitePages.home, matches);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ParticleField />
      <div className="relative z-10">
        <HydrateInTurn>
          <FestivalBanner initial={loaderData.festivals} />
        </HydrateInTurn>
        <HydrateInTurn>
          <Hero />
        </HydrateInTurn>
        <HydrateInTurn>
          <DarkCraft />
        </HydrateInTurn>
        <HydrateInTurn>
          <SignatureShowcase potions={loaderData.signature} />
        </HydrateInTurn>
      </div>
    </>
  );
}
