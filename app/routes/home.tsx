import { sitePages } from '../features/content/site-pages.ts';
import { FestivalBanner } from '../features/festivals/festival-banner.tsx';
import { DarkCraft } from '../features/home/dark-craft.tsx';
import { Hero } from '../features/home/hero.tsx';
import { ParticleField } from '../features/home/particle-field.tsx';
import { toShowcase } from '../features/home/showcase-data.ts';
import { SignatureShowcase } from '../features/home/signature-showcase.tsx';
import { siteJsonLd } from '../features/home/site-json-ld.ts';
import { HydrateInTurn } from '../lib/hydrate-in-turn.tsx';
import { jsonLd, sitePageTags } from '../lib/seo.ts';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const [{ products }, festivals] = await Promise.all([context.shop.products.list({ category: 'signature', kind: 'potion' }), context.shop.festivals.active()]);
  return { signature: toShowcase(products), festivals, origin: context.origin };
}

export function meta({ matches }: Route.MetaArgs) {
  return sitePageTags(sitePages.home, matches);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(siteJsonLd(loaderData.origin)) }} />
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
