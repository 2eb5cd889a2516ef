import { PageHero } from '../features/content/content-layout.tsx';
import { WishlistPage } from '../features/wishlist/index.ts';
import { brand } from '../brand.ts';

export function meta() {
  return [{ title: `Your Wishlist | ${brand.name}` }, { name: 'robots', content: 'noindex' }];
}

export default function Wishlist() {
  return (
    <>
      <PageHero eyebrow="Saved potions" title="Your wishlist" />
      <div className="mx-auto max-w-3xl px-4 pb-20 sm:px-6">
        <WishlistPage />
      </div>
    </>
  );
}
