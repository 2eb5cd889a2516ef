import { loadCartDrawer } from './cart-host.tsx';
import { useCartCount } from './use-cart-totals.ts';
import { useCartStore } from './cart-store.ts';

function badgeText(count: number, variant: 'desktop' | 'mobile'): string {
  const cap = variant === 'desktop' ? 99 : 9;
  return count > cap ? `${cap}+` : String(count);
}

const warmCartDrawer = () => void loadCartDrawer();

/** The cart button of the top navigation: badge (99+ on desktops, 9+ on phones), tooltip, opens the drawer. */
export function CartNavButton({ variant }: { variant: 'desktop' | 'mobile' }) {
  const count = useCartCount();
  const openCart = useCartStore((state) => state.openCart);
  const tooltip = count === 0 ? 'Your mystical cart is empty' : `${count} potion${count === 1 ? '' : 's'} in cart`;
  return (
    <button
      type="button"
      onClick={openCart}
      onPointerEnter={warmCartDrawer}
      onFocus={warmCartDrawer}
      title={tooltip}
      aria-label={`Open cart. ${tooltip}`}
      data-testid={`cart-button-${variant}`}
      className={`relative inline-flex h-10 w-10 items-center justify-center rounded-full border border-gold/40 text-gold-bright transition hover:border-gold-bright hover:bg-gold/10`}
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
        <path d="M7 8h10l-1 11a2 2 0 0 1-2 2h-4a2 2 0 0 1-2-2L7 8z" />
        <path d="M9.5 8V6.5a2.5 2.5 0 0 1 5 0V8" />
        <path d="M10 13c1 .8 3 .8 4 0" />
      </svg>
      {count > 0 ? (
        <span aria-hidden="true" className="absolute -top-1 -right-1 min-w-5 rounded-full bg-gold-bright px-1 text-center text-[0.65rem] leading-5 font-bold text-void">
          {badgeText(count, variant)}
        </span>
      ) : null}
    </button>
  );
}
