import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { brand } from '../brand.ts';
import { AccountMenuEntries } from '../features/account/account-menu-entries.tsx';
import { AccountNav } from '../features/account/account-nav.tsx';
import { CartNavButton } from '../features/cart/cart-nav-button.tsx';
import { trapTab } from './focus-trap.ts';
import { mainLinks } from './nav-links.ts';
import { Link, NavLink } from '../lib/link.tsx';

function MoonMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="h-6 w-6 text-gold">
      <path fill="currentColor" d="M15.5 2.5a9.5 9.5 0 1 0 6 16.9A8 8 0 0 1 15.5 2.5Z" />
      <circle cx="18.5" cy="6" r="1.2" fill="currentColor" />
    </svg>
  );
}

/** The 'MYSTICAL NAVIGATION' menu of phones and tablets: a modal dialog, so focus stays inside until it closes. */
function MobileMenu() {
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      document.documentElement.style.overflow = 'hidden';
    } else if (!open && dialog.open) {
      dialog.close();
    }
    if (!open) {
      document.documentElement.style.overflow = '';
    }
  }, [open]);

  // A navigation by any means (back button included) takes the shopper away from the menu.
  useEffect(() => setOpen(false), [pathname]);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="inline-flex h-11 w-11 items-center justify-center rounded-md border border-shadow text-gold-bright transition hover:border-gold/60"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls="mystical-navigation"
        onClick={() => setOpen(true)}
      >
        <span className="sr-only">Open menu</span>
        <svg viewBox="0 0 24 24" aria-hidden="true" className="h-6 w-6">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      <dialog
        ref={dialogRef}
        id="mystical-navigation"
        aria-labelledby="mystical-navigation-title"
        className="m-0 ml-auto h-dvh max-h-none w-[min(22rem,100vw)] max-w-none border-l border-shadow bg-night p-0 text-mist backdrop:bg-void/75"
        onKeyDown={trapTab}
        // Escape fires 'cancel'; the state follows so the next open works and focus goes back to the toggle.
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
        onClick={(event) => {
          if (event.target === event.currentTarget) close();
        }}
      >
        <div className="flex min-h-full flex-col gap-6 px-5 py-5">
          <div className="flex items-center justify-between gap-4">
            <h2 id="mystical-navigation-title" className="font-display text-sm tracking-[0.25em] text-gold-bright">
              MYSTICAL NAVIGATION
            </h2>
            <button
              type="button"
              onClick={close}
              className="inline-flex h-11 w-11 items-center justify-center rounded-md border border-shadow text-gold-bright hover:border-gold/60"
            >
              <span className="sr-only">Close menu</span>
              <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <nav aria-label="Mobile">
            <ul className="flex flex-col gap-1">
              {mainLinks.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.end}
                    onClick={() => setOpen(false)}
                    className={({ isActive }) =>
                      `block rounded-lg border px-4 py-3 transition ${isActive ? 'border-gold/50 bg-crypt' : 'border-transparent hover:border-shadow hover:bg-crypt/60'}`
                    }
                  >
                    <span className="block font-display text-base tracking-widest text-gold-bright">{link.label}</span>
                    <span className="block text-sm text-ash">{link.subtitle}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <ul aria-label="Account" className="mt-4 flex flex-col gap-1 border-t border-shadow pt-4">
            <AccountMenuEntries onNavigate={() => setOpen(false)} />
          </ul>
        </div>
      </dialog>
    </>
  );
}

export function SiteHeader() {
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-shadow/80 bg-void/95">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2 font-display text-lg font-bold tracking-[0.2em] text-gold-bright">
          <MoonMark />
          {brand.shortName.toUpperCase()}
          <span className="sr-only"> home</span>
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-2">
            {mainLinks.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  title={link.subtitle}
                  className={({ isActive }) =>
                    `relative rounded px-3 py-2 font-display text-sm tracking-widest transition after:absolute after:inset-x-3 after:-bottom-0.5 after:h-px after:bg-gold after:transition ${isActive ? 'text-gold-bright after:opacity-100' : 'text-mist after:opacity-0 hover:text-gold-bright'}`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden items-center gap-2 lg:flex">
          <CartNavButton variant="desktop" />
          <AccountNav variant="desktop" />
        </div>
        <div className="flex items-center gap-2 lg:hidden">
          <CartNavButton variant="mobile" />
          <AccountNav variant="mobile" />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
