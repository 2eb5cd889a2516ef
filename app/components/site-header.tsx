import { NavLink } from 'react-router';
import { brand } from '../brand.ts';
import { AccountNav } from '../features/account/account-nav.tsx';
import { CartNavButton } from '../features/cart/cart-nav-button.tsx';

const links = [
  { to: '/', label: 'Home', end: true },
  { to: '/products', label: 'Potions', end: false },
];

export function SiteHeader() {
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-shadow/80 bg-void/90 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <NavLink to="/" className="font-display text-lg font-bold tracking-[0.2em] text-gold-bright">
          {brand.shortName.toUpperCase()}
          <span className="sr-only"> home</span>
        </NavLink>
        <ul className="flex items-center gap-1 sm:gap-4">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.end}
                className={({ isActive }) =>
                  `rounded px-3 py-2 font-display text-sm tracking-widest transition ${isActive ? 'text-gold-bright' : 'text-mist hover:text-gold-bright'}`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-2">
          <CartNavButton variant="desktop" />
          <AccountNav variant="desktop" />
        </div>
      </nav>
    </header>
  );
}
