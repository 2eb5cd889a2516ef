import { useEffect, useRef, useState } from 'react';
import { trapTab } from '../components/focus-trap.ts';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { brand } from '../brand.ts';
import { useAdminSession } from '../features/admin/admin-session.ts';
import { NotificationBell } from '../features/notifications/notification-bell.tsx';
import { useLiveInbox } from '../features/notifications/notification-feed.ts';

export function meta() {
  return [{ title: `Admin | ${brand.name}` }, { name: 'robots', content: 'noindex' }];
}

const sections = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: '◈' },
  { to: '/admin/products', label: 'Products', icon: '⚗' },
  { to: '/admin/orders', label: 'Orders', icon: '▣' },
  { to: '/admin/shipments', label: 'Shipments', icon: '✈' },
  { to: '/admin/returns', label: 'Returns', icon: '↺' },
  { to: '/admin/users', label: 'Users', icon: '✦' },
  { to: '/admin/reviews', label: 'Reviews', icon: '★' },
  { to: '/admin/festivals', label: 'Festivals', icon: '☀' },
  { to: '/admin/promotions', label: 'Promotions', icon: '❖' },
  { to: '/admin/shipping', label: 'Shipping', icon: '➶' },
  { to: '/admin/analytics', label: 'Analytics', icon: '◔' },
  { to: '/admin/tax', label: 'Tax', icon: '₹' },
  { to: '/admin/notifications', label: 'Notifications', icon: '☾' },
  { to: '/admin/messages', label: 'Messages', icon: '✉' },
  { to: '/admin/emails', label: 'E-mails', icon: '✧' },
  { to: '/admin/sms', label: 'Texts', icon: '✆' },
  { to: '/admin/search', label: 'Search', icon: '⌕' },
  { to: '/admin/audit', label: 'Audit Log', icon: '☷' },
];

/** The guarded admin shell: without an admin session every /admin page goes to /admin/login. */
export default function AdminLayout() {
  const { status, admin, token, restore, forget } = useAdminSession();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLElement>(null);

  // On phones the menu is a drawer over the page: Escape closes it, focus moves in when it opens and back to ☰
  // when it closes.
  const closeMenu = () => {
    setMenuOpen(false);
    menuButton.current?.focus();
  };
  useEffect(() => {
    if (!menuOpen) return;
    menu.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  useEffect(() => {
    void restore();
  }, [restore]);
  useEffect(() => {
    if (status === 'ready' && !admin) void navigate('/admin/login', { replace: true });
  }, [status, admin, navigate]);
  useLiveInbox('/admin/notifications', admin ? token : null, forget);

  if (status === 'loading' || !admin) {
    return (
      <div role="status" className="fixed inset-0 z-[45] flex flex-col items-center justify-center gap-4 bg-void text-ash">
        <span aria-hidden="true" className="h-10 w-10 animate-spin rounded-full border-2 border-shadow border-t-gold" />
        Loading...
      </div>
    );
  }

  return (
    <div className="fixed inset-0 z-[45] flex overflow-hidden bg-void">
      {menuOpen ? (
        // A tap anywhere beside the open drawer closes it.
        <div aria-hidden="true" data-testid="admin-menu-backdrop" className="absolute inset-0 z-10 bg-void/70 md:hidden" onClick={() => setMenuOpen(false)} />
      ) : null}
      <aside
        ref={menu}
        id="admin-menu"
        aria-label="Admin menu"
        onKeyDown={menuOpen ? trapTab : undefined}
        className={`${menuOpen ? 'flex' : 'hidden'} absolute inset-y-0 left-0 z-20 w-64 max-w-[85vw] flex-col overflow-y-auto border-r border-shadow bg-night p-4 shadow-2xl shadow-void md:static md:flex md:shadow-none`}
      >
        <div className="flex items-start justify-between gap-2">
          <div>
            <p className="px-3 py-2 font-display text-lg tracking-[0.2em] text-gold-bright">{brand.shortName.toUpperCase()}</p>
            <p className="px-3 text-xs text-ash">Admin Portal</p>
          </div>
          <button type="button" className="rounded p-2 text-xl leading-none text-mist hover:text-gold-bright md:hidden" aria-label="Close admin menu" onClick={closeMenu}>
            ✕
          </button>
        </div>
        <nav aria-label="Admin" className="mt-6 flex flex-col gap-1">
          {sections.map((section) => (
            <NavLink
              key={section.to}
              to={section.to}
              onClick={() => setMenuOpen(false)}
              className={({ isActive }) => `flex items-center gap-3 rounded-md px-3 py-2 text-sm ${isActive ? 'bg-amethyst/20 text-gold-bright' : 'text-mist hover:bg-crypt hover:text-gold-bright'}`}
            >
              <span aria-hidden="true" className="w-5 text-center text-gold">
                {section.icon}
              </span>
              {section.label}
            </NavLink>
          ))}
        </nav>
        {/* One sign-in serves both: the shop greets this admin by name, with the way back here in its menu. */}
        <Link to="/" className="mt-auto flex items-center gap-3 rounded-md px-3 py-2 pt-6 text-sm text-ash hover:text-gold-bright">
          <span aria-hidden="true" className="w-5 text-center text-gold">
            ←
          </span>
          View the shop
        </Link>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-16 shrink-0 items-center justify-between gap-3 border-b border-shadow bg-night/80 px-4">
          <button
            ref={menuButton}
            type="button"
            className="rounded p-2 text-mist md:hidden"
            aria-label="Open admin menu"
            aria-controls="admin-menu"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            ☰
          </button>
          <div className="ml-auto flex items-center gap-3">
            <NotificationBell base="/admin/notifications" token={token} />
            <div className="text-right text-sm leading-tight">
              <p className="text-mist">{admin.name}</p>
              <p className="text-xs text-gold capitalize">{admin.role}</p>
            </div>
          </div>
        </header>
        {/* The portal's only <main>: the root layout leaves it out on these pages (showsRootMain, app/lib/site-chrome.ts). */}
        <main id="main" className="min-h-0 flex-1 overflow-y-auto p-4 sm:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
