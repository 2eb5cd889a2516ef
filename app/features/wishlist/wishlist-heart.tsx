import { useAuth } from '../account/index.ts';
import toast from '../../lib/toast.ts';
import { useHoldForSignIn, useSaveAfterSignIn, useWishlist, useWishlistChange } from './use-wishlist.ts';

/**
 * The heart on a potion's card and page. Signed in, it saves or removes the potion; signed out, it opens the
 * sign-in dialog and saves the potion once the shopper is in.
 */
export function WishlistHeart({ productId, productName, variant }: { productId: number; productName: string; variant: 'card' | 'page' }) {
  const signedIn = useAuth((state) => Boolean(state.user));
  const openDialog = useAuth((state) => state.openDialog);
  const hold = useHoldForSignIn();
  const wishlist = useWishlist();
  const { save, remove } = useWishlistChange();
  useSaveAfterSignIn();
  const saved = Boolean(wishlist.data?.some((entry) => entry.product.id === productId));
  const busy = save.isPending || remove.isPending;

  const toggle = () => {
    if (!signedIn) {
      hold(productId, productName);
      openDialog('login');
      return;
    }
    if (saved) remove.mutate(productId, { onError: () => toast.error('Could not update your wishlist. Please try again.') });
    else save.mutate({ productId }, { onError: () => toast.error('Could not update your wishlist. Please try again.') });
  };

  const size = variant === 'card' ? 'h-9 w-9' : 'h-11 w-11';
  return (
    <button
      type="button"
      onClick={toggle}
      disabled={busy}
      aria-pressed={saved}
      aria-label={saved ? `Remove ${productName} from your wishlist` : `Save ${productName} to your wishlist`}
      title={saved ? 'Saved to your wishlist' : 'Save to your wishlist'}
      className={`${size} inline-flex shrink-0 items-center justify-center rounded-full border backdrop-blur transition ${
        saved ? 'border-gold bg-gold/20 text-gold-bright' : 'border-shadow bg-void/60 text-mist hover:border-gold/60 hover:text-gold-bright'
      }`}
      data-testid="wishlist-heart"
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5">
        <path
          d="M12 20.5s-7.5-4.6-7.5-10.1A4.4 4.4 0 0 1 12 7.6a4.4 4.4 0 0 1 7.5 2.8c0 5.5-7.5 10.1-7.5 10.1Z"
          fill={saved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
