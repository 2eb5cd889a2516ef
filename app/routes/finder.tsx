import { PageHero } from '../features/content/content-layout.tsx';
import { sitePages } from '../features/content/site-pages.ts';
import { FinderPage } from '../features/finder/index.ts';
import { sitePageTags } from '../lib/seo.ts';
import type { Route } from './+types/finder';

export function meta({ matches }: Route.MetaArgs) {
  return sitePageTags(sitePages.finder, matches);
}

export default function Finder() {
  return (
    <>
      <PageHero eyebrow="The fragrance finder" title="Which potion is yours?">
        <p>You cannot smell through a screen, so tell us what you love. Five questions, and we read the notes of every potion for you.</p>
      </PageHero>
      <FinderPage />
    </>
  );
}
