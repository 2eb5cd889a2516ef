import { formatPaise, rupeesToPaise } from '../../../domain/money.ts';
import { lowestPricePaise } from '../../../domain/wishlist.ts';
import { Link } from '../../lib/link.tsx';
import toast from '../../lib/toast.ts';
import { useAuth } from '../account/index.ts';
import { AddToCartButton } from '../cart/index.ts';
import { useWishlist, useWishlistChange } from './use-wishlist.ts';
import type { WishlistEntry } from '../../../contracts/wishlist.ts';

/** `/wishlist`: the saved potions with today's price and stock, each with its alerts, its cart button and Remove. */
export function WishlistPage() {
  const status = useAuth((state) => state.status);
  const signedIn = useAuth((state) => Boolean(state.user));
  const openDialog = useAuth((state) => state.openDialog);
  const wishlist = useWishlist();

  if (status === 'loading' || (signedIn && wishlist.isPending)) return <p className="py-16 text-center text-ash">Opening your wishlist…</p>;
  if (!signedIn) {
    return (
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-ash">Sign in to see the potions you saved.</p>
        <button type="button" className="btn-gold" onClick={() => openDialog('login')}>
          SIGN IN
        </button>
      </div>
    );
  }
  if (wishlist.isError) return <p className="py-16 text-center text-blood">Your wishlist could not be opened. Please try again.</p>;
  const items = wishlist.data ?? [];
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="font-display text-xl tracking-widest text-gold-bright">NOTHING SAVED YET</p>
        <p className="max-w-md text-ash">Press the heart on any potion to keep it here, and we can tell you when it costs less or comes back.</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/products" className="btn-gold">
            EXPLORE POTIONS
          </Link>
          <Link to="/finder" className="btn-ghost">
            FRAGRANCE FINDER
          </Link>
        </div>
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-4" aria-label="Saved potions">
      {items.map((entry) => (
        <WishlistRow key={entry.product.id} entry={entry} />
      ))}
    </ul>
  );
}

function WishlistRow({ entry }: { entry: WishlistEntry }) {
  const { save, remove } = useWishlistChange();
  const { product } = entry;
  // The same "from" price the price-drop alert compares (a size without its own price sells at the potion's).
  const from = lowestPricePaise({ pricePaise: rupeesToPaise(product.price), sizes: product.sizes.map((size) => ({ pricePaise: rupeesToPaise(size.price) })) });
  const failed = () => toast.error('Could not update your wishlist. Please try again.');
  return (
    <li className="panel flex flex-col gap-4 p-4 sm:flex-row sm:items-center" data-testid="wishlist-item">
      <Link to={`/products/${product.slug}`} className="shrink-0" tabIndex={-1} aria-hidden="true">
        <img src={product.mainImage} alt="" width={96} height={120} className="h-30 w-24 rounded object-cover" loading="lazy" />
      </Link>
      <div className="flex flex-1 flex-col gap-1">
        <Link to={`/products/${product.slug}`} className="font-display text-lg text-mist hover:text-gold-bright">
          {product.name}
        </Link>
        <p className="font-display text-gold-bright">
          {product.sizes.length > 1 ? 'From ' : ''}
          {formatPaise(from)}
        </p>
        <p className={`text-sm ${product.inStock ? 'text-ash' : 'text-blood'}`}>{product.inStock ? 'In stock' : 'Out of stock'}</p>
        <label className="mt-1 flex items-start gap-2 text-sm text-ash">
          <input
            type="checkbox"
            className="mt-1 accent-gold"
            checked={entry.alerts}
            disabled={save.isPending}
            onChange={(event) => save.mutate({ productId: product.id, alerts: event.target.checked }, { onError: failed })}
          />
          <span>E-mail me when it costs less or comes back in stock</span>
        </label>
      </div>
      <div className="flex flex-col gap-2 sm:w-48">
        {product.inStock ? <AddToCartButton product={product} variant="card" /> : null}
        <button type="button" className="btn-ghost" disabled={remove.isPending} onClick={() => remove.mutate(product.id, { onError: failed })}>
          REMOVE
        </button>
      </div>
    </li>
  );
}
