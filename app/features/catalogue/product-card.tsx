import type { ProductCardData } from './card-data.ts';
import { formatRupees } from '../../../domain/money.ts';
import { AddToCartButton } from '../cart/index.ts';
import { OutOfStockBadge, SetBadge, SignatureBadge } from './badges.tsx';
import { setSavingRupees } from './set-contents.tsx';
import { QuickView } from './quick-view.tsx';
import { StarRating } from './star-rating.tsx';
import { Link } from '../../lib/link.tsx';
import { WishlistHeart } from '../wishlist/index.ts';

/** One potion of the collection; `eager` for the cards above the fold, `priority` for the first (the page's largest paint). */
export function ProductCard({ product, eager = false, priority = false }: { product: ProductCardData; eager?: boolean; priority?: boolean }) {
  return (
    <article className="group panel flex flex-col overflow-hidden transition hover:border-gold/50" data-testid="product-card">
      <div className="relative">
        <Link to={`/products/${product.slug}`} tabIndex={-1} aria-hidden="true">
          <img
            src={product.mainImage}
            alt=""
            width={400}
            height={500}
            loading={eager ? 'eager' : 'lazy'}
            // The rest of a wide screen's first row loads at once, but after the first picture: a phone shows only
            // the first card, and Chromium raises a picture's priority by itself once it is on screen.
            fetchPriority={priority ? 'high' : eager ? 'low' : undefined}
            decoding="async"
            className={`aspect-[4/5] w-full object-cover transition duration-500 group-hover:scale-[1.03] ${product.inStock ? '' : 'opacity-60 grayscale-[40%]'}`}
          />
        </Link>
        <div className="absolute top-3 left-3 flex flex-col items-start gap-2">
          {product.isSignature ? <SignatureBadge /> : null}
          {product.isSet ? <SetBadge bottles={product.bottles} /> : null}
          {product.inStock ? null : <OutOfStockBadge />}
        </div>
        <div className="absolute top-3 right-3">
          <WishlistHeart productId={product.id} productName={product.name} variant="card" />
        </div>
        <QuickView product={product} />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-lg leading-snug">
          <Link to={`/products/${product.slug}`} className="text-mist hover:text-gold-bright">
            {product.name}
          </Link>
        </h2>
        <StarRating rating={product.rating} reviewCount={product.reviewCount} />
        <p className="line-clamp-2 text-sm text-ash">{product.description}</p>
        <p className="mt-auto pt-2 font-display text-lg text-gold-bright">
          {formatRupees(product.price)}
          {setSavingRupees(product) > 0 ? <span className="ml-2 font-sans text-sm text-ember">save {formatRupees(setSavingRupees(product))}</span> : null}
        </p>
        <AddToCartButton product={product} variant="card" />
      </div>
    </article>
  );
}
