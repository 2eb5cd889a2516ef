import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Product } from '../../../contracts/products.ts';
import { defaultSizeOf } from '../../../domain/catalogue.ts';
import { track } from '../consent/index.ts';
import { AddToCartButton } from '../cart/index.ts';
import { WishlistHeart } from '../wishlist/index.ts';
import { HydrateInTurn } from '../../lib/hydrate-in-turn.tsx';
import { LazyReviews } from '../reviews/index.ts';
import { OutOfStockBadge, SetBadge, SignatureBadge } from './badges.tsx';
import { formatPaise } from '../../../domain/money.ts';
import { sizePricePaise } from '../../../domain/catalogue.ts';
import { ProductGallery } from './product-gallery.tsx';
import { QuantityPicker } from './quantity-picker.tsx';
import { SizePicker } from './size-picker.tsx';
import { StarRating } from './star-rating.tsx';
import { DeliveryCheck } from '../shipping/index.ts';
import { WaitlistBox } from './waitlist-box.tsx';
import { ProductDeclarations, unitPriceText } from './product-declarations.tsx';
import { AlsoInSets, bottlesIn, SetContents } from './set-contents.tsx';
import { scarcityNote } from '../../../domain/honest-urgency.ts';
import { Link } from '../../lib/link.tsx';

function NoteList({ label, notes }: { label: string; notes: string[] }) {
  return (
    <div className="panel p-4">
      <h3 className="eyebrow">{label}</h3>
      <ul className="mt-2 flex flex-wrap gap-1.5">
        {notes.map((note) => (
          <li key={note} className="rounded-full bg-shadow/70 px-2.5 py-1 text-sm text-mist">
            {note}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ProductDetails({ product }: { product: Product }) {
  // A product feed links each size to its page with ?size=: that size is shown, with its price (docs/decisions/0065).
  const [searchParams] = useSearchParams();
  const [size, setSize] = useState(() => {
    const linked = searchParams.get('size');
    return product.sizes.some((entry) => entry.size === linked) ? linked! : defaultSizeOf(product.sizes);
  });
  const [quantity, setQuantity] = useState(1);
  const unitPaise = sizePricePaise(product, size);
  // Sent only to the tags the shopper allowed, if any (app/features/consent/tags.ts).
  useEffect(() => {
    const shown = defaultSizeOf(product.sizes);
    track('view_item', [{ id: product.id, name: product.name, size: shown, price: sizePricePaise(product, shown) / 100, quantity: 1 }]);
  }, [product]);
  const perUnit = unitPriceText(product.sizes.find((entry) => entry.size === size));
  // What a shopper can wait for: the whole potion when it is sold out (null), else the chosen size if that one is.
  const soldOutSize = !product.inStock ? null : product.sizes.some((entry) => entry.size === size && !entry.inStock) ? size : undefined;

  return (
    <article className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <Link to="/products" className="mb-6 inline-flex items-center gap-2 text-sm text-gold hover:text-gold-bright">
        <span aria-hidden="true">←</span> Back to potions
      </Link>
      <div className="grid gap-8 md:grid-cols-2 md:gap-12">
        <HydrateInTurn>
          <ProductGallery key={product.id} name={product.name} images={product.images} />
        </HydrateInTurn>
        <div className="flex flex-col gap-5">
          <div className="flex flex-wrap gap-2">
            {product.isSignature ? <SignatureBadge /> : null}
            {product.isSet ? <SetBadge bottles={bottlesIn(product.contents)} /> : null}
            {product.inStock ? null : <OutOfStockBadge />}
          </div>
          <div>
            <p className="eyebrow">{product.category}</p>
            <h1 className="mt-1 text-3xl text-gold-bright sm:text-4xl">{product.name}</h1>
            <div className="mt-2">
              <StarRating rating={product.rating} reviewCount={product.reviewCount} size="md" />
            </div>
          </div>
          <p className="font-display text-2xl text-gold-bright" data-testid="product-price" aria-live="polite">
            {formatPaise(unitPaise)}
            {quantity > 1 ? <span className="ml-2 text-base text-ash">· {formatPaise(unitPaise * quantity)} for {quantity}</span> : null}
          </p>
          <p className="-mt-4 text-xs text-ash" data-testid="product-price-declaration">
            MRP inclusive of all taxes{perUnit ? ` · ${perUnit}` : ''}
          </p>
          <p className="leading-relaxed text-mist/90">{product.longDescription}</p>
          {product.isSet ? <SetContents product={product} /> : <AlsoInSets sets={product.alsoIn} />}
          <SizePicker product={product} value={size} onChange={setSize} />
          <QuantityPicker value={quantity} onChange={setQuantity} />
          <div className="flex items-center gap-3">
            <div className="flex-1">
              <AddToCartButton product={product} size={size} quantity={quantity} variant="page" />
            </div>
            <WishlistHeart productId={product.id} productName={product.name} variant="page" />
          </div>
          {soldOutSize !== undefined ? <WaitlistBox key={soldOutSize ?? ''} productId={product.id} productName={product.name} size={soldOutSize} /> : null}
          {product.inStock ? (
            <>
              {/* The count free to sell, never a made-up one (domain/honest-urgency.ts). */}
              {scarcityNote(product.inventory) ? (
                <p className="text-sm font-semibold text-ember" data-testid="scarcity">
                  {scarcityNote(product.inventory)}
                </p>
              ) : null}
              <p className="text-sm text-ash">Prepared in 1–2 business days · free shipping across mainland India</p>
              <DeliveryCheck />
            </>
          ) : (
            <p className="text-sm text-blood" role="status">
              Out of Stock: this potion is maturing in the dark. Check back after the next full moon.
            </p>
          )}
          <ProductDeclarations product={product} size={size} />
        </div>
      </div>

      <HydrateInTurn>
        {/* A set's notes are its potions': each has its own page, linked from the contents above. */}
        {product.isSet ? null : (
          <section className="mt-12 grid gap-4 sm:grid-cols-3" aria-label="Fragrance notes">
            {/* The three note lists are h3s: headings go down one level at a time. */}
            <h2 className="sr-only">Fragrance notes</h2>
            <NoteList label="Top notes" notes={product.notes.top} />
            <NoteList label="Heart notes" notes={product.notes.heart} />
            <NoteList label="Base notes" notes={product.notes.base} />
          </section>
        )}
        <section className="mt-6 grid gap-4 md:grid-cols-3">
          {[
            ['Magical effect', product.effect],
            ['Ingredients', product.ingredients],
            ['Ritual of use', product.usage],
          ].map(([title, text]) => (
            <div key={title} className="panel p-5">
              <h2 className="eyebrow">{title}</h2>
              <p className="mt-2 text-sm leading-relaxed text-mist/90">{text}</p>
            </div>
          ))}
        </section>
        <LazyReviews productId={product.id} />
      </HydrateInTurn>
    </article>
  );
}
