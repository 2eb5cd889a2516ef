import { Suspense, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { initialsOf } from '../../../domain/accounts.ts';
import { useCartCount } from '../cart/index.ts';
import { LazyNotificationBell } from '../notifications/lazy.ts';
import { nextLevelText } from '../profile/index.ts';
import { loadAuthDialog } from './account-host.tsx';
import { useAuth } from './auth-store.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';


function CustomerBell({ token }: { token: string | null }) {
  return (
    // Holds the bell's place while it loads, so nothing beside it moves.
    <Suspense fallback={<span aria-hidden="true" className="inline-block h-9 w-9" />}>
      <LazyNotificationBell base="/notifications" token={token} />
    </Suspense>
  );
}

/** Starts loading the sign-in dialog as the pointer or focus reaches a button that opens it. */
const warmAuthDialog = () => void loadAuthDialog();

const memberSince = (joinDate: string | undefined) => {
  if (!joinDate) return 'Unknown';
  const date = new Date(joinDate);
  return Number.isNaN(date.getTime()) ? 'Unknown' : formatShopDate(date, 'month');
};

/**
 * The account part of the top navigation: 'Login | Join Us' or the signed-in hover menu on desktops, the
 * initials or a sign-in button on phones. Signed-in customers also get the notification bell.
 */
export function AccountNav({ variant }: { variant: 'desktop' | 'mobile' }) {
  const { status, user, token, openDialog } = useAuth();
  const signedOutLabel = variant === 'desktop' ? 'Login | Join Us' : 'Sign In';
  if (status === 'loading') {
    // Exactly as wide as the sign-in button, which most visitors get next: the header does not shift.
    return (
      <span aria-hidden="true" className="relative inline-flex">
        <span className="btn-ghost invisible px-3 py-1.5 text-xs whitespace-nowrap">{signedOutLabel}</span>
        <span className="absolute inset-0 animate-pulse rounded-md bg-shadow/60" />
      </span>
    );
  }

  if (!user) {
    return (
      <button
        type="button"
        className="btn-ghost px-3 py-1.5 text-xs whitespace-nowrap"
        onPointerEnter={warmAuthDialog}
        onFocus={warmAuthDialog}
        onClick={() => openDialog(variant === 'desktop' ? 'register' : 'login')}
      >
        {signedOutLabel}
      </button>
    );
  }

  if (variant === 'mobile') {
    return (
      <div className="flex items-center gap-1">
        <CustomerBell token={token} />
        <Link to="/profile" aria-label={`Profile of ${user.name}`} className="flex h-9 w-9 items-center justify-center rounded-full bg-gradient-to-br from-amethyst to-gold font-display text-xs font-bold text-void">
          {initialsOf(user.name)}
        </Link>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-1">
      <CustomerBell token={token} />
      <UserMenu />
    </div>
  );
}

function UserMenu() {
  const { user, signOut } = useAuth();
  const cartCount = useCartCount();
  const [open, setOpen] = useState(false);
  // A click right after the pointer arrived must not close what the hover just opened.
  const hoverOpenedAt = useRef(0);
  const navigate = useNavigate();
  if (!user) return null;
  const isAdmin = user.role === 'admin';
  const close = () => setOpen(false);

  return (
    <div
      className="relative"
      // Hover opens the menu for a mouse only: on touch screens the tap toggles it.
      onPointerEnter={(event) => {
        if (event.pointerType !== 'mouse') return;
        hoverOpenedAt.current = Date.now();
        setOpen(true);
      }}
      onKeyDown={(event) => event.key === 'Escape' && close()}
      onPointerLeave={(event) => event.pointerType === 'mouse' && close()}
      onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && close()}>
      <button type="button" aria-expanded={open} aria-haspopup="true" onClick={() => setOpen((value) => (value && Date.now() - hoverOpenedAt.current > 600 ? false : true))} className="flex items-center gap-2 rounded-full py-1 pr-3 pl-1 text-sm text-mist hover:text-gold-bright">
        <span className="flex h-8 w-8 items-center justify-center rounded-full bg-gradient-to-br from-amethyst to-gold font-display text-xs font-bold text-void">{initialsOf(user.name)}</span>
        <span className="hidden max-w-32 truncate lg:inline">{user.name}</span>
      </button>
      {open ? (
        <div className="fixed inset-x-2 top-14 z-50 pt-2 sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:w-72">
          <div className="panel border-gold/20 bg-night p-4" role="menu" aria-label="Account">
            <div className="flex items-center gap-3">
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-amethyst to-gold font-display font-bold text-void">{initialsOf(user.name)}</span>
              <div className="min-w-0">
                <p className="truncate font-display text-mist">{user.name}</p>
                <p className="truncate text-xs text-ash">{user.email}</p>
              </div>
            </div>
            <dl className="mt-3 grid grid-cols-3 gap-2 text-center text-xs">
              <div className="rounded-md bg-crypt p-2">
                <dt className="text-ash">Level</dt>
                <dd className="text-gold-bright">{user.level?.name ?? (user.mysticLevel || 'Apprentice')}</dd>
              </div>
              <div className="rounded-md bg-crypt p-2">
                <dt className="text-ash">Orders</dt>
                <dd className="text-gold-bright">{user.orders}</dd>
              </div>
              <div className="rounded-md bg-crypt p-2">
                <dt className="text-ash">Cart</dt>
                <dd className="text-gold-bright">{cartCount}</dd>
              </div>
            </dl>
            {user.level ? <p className="mt-2 text-center text-xs text-ash">{nextLevelText(user.level)}</p> : null}
            <div className="mt-3 flex flex-col text-sm">
              <Link role="menuitem" to="/profile" onClick={close} className="rounded px-2 py-2 text-mist hover:bg-crypt hover:text-gold-bright">
                Profile
              </Link>
              <Link role="menuitem" to="/orders" onClick={close} className="rounded px-2 py-2 text-mist hover:bg-crypt hover:text-gold-bright">
                Track Orders
              </Link>
              <Link role="menuitem" to="/wishlist" onClick={close} className="rounded px-2 py-2 text-mist hover:bg-crypt hover:text-gold-bright">
                Wishlist
              </Link>
              {isAdmin ? (
                <Link role="menuitem" to="/admin/dashboard" onClick={close} className="rounded px-2 py-2 text-mist hover:bg-crypt hover:text-gold-bright">
                  Admin Panel
                </Link>
              ) : null}
              <button
                role="menuitem"
                type="button"
                className="rounded px-2 py-2 text-left text-blood hover:bg-crypt"
                onClick={() => {
                  close();
                  void signOut().then(() => navigate('/'));
                }}
              >
                Sign Out
              </button>
            </div>
            <p className="mt-3 border-t border-shadow pt-2 text-center text-xs text-ash">Member since {memberSince(user.joinDate)}</p>
          </div>
        </div>
      ) : null}
    </div>
  );
}
