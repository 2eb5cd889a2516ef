import { PageHero } from '../features/content/content-layout.tsx';
import { sitePages } from '../features/content/site-pages.ts';
import { GiftCardForm } from '../features/gift-cards/index.ts';
import { sitePageTags } from '../lib/seo.ts';
import type { Route } from './+types/gift-cards';

export function meta({ matches }: Route.MetaArgs) {
  return sitePageTags(sitePages.giftCards, matches);
}

export default function GiftCards() {
  return (
    <>
      <PageHero eyebrow="Gift cards" title="Give them the choosing">
        <p>Any amount from ₹500 to ₹10,000, e-mailed with your words on the day you pick: Diwali morning, a wedding, a birthday.</p>
      </PageHero>
      <div className="mx-auto max-w-3xl px-4 pb-20 sm:px-6">
        <GiftCardForm />
      </div>
    </>
  );
}
