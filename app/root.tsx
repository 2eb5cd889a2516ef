import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from 'react-router';
import { useEffect } from 'react';
import cinzelFont from '@fontsource/cinzel/files/cinzel-latin-600-normal.woff2?url';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { brand } from './brand.ts';
import { AppProviders } from './components/app-providers.tsx';
import { SiteFooter } from './components/site-footer.tsx';
import { ScrollToTop } from './components/scroll-to-top.tsx';
import { SiteHeader } from './components/site-header.tsx';
import { StatusPage } from './components/status-page.tsx';
import { AccountHost } from './features/account/account-host.tsx';
import { CartHost } from './features/cart/cart-host.tsx';
import { useNonce } from './lib/nonce.tsx';
import { showsFooter, showsStorefrontHeader } from './lib/site-chrome.ts';
import './load-context.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'preload', href: cinzelFont, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  // With a precedence React writes the stylesheet ahead of the script preloads, so the one file that blocks the
  // first paint is not queued behind twenty scripts (docs/decisions/0011).
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function loader({ context }: Route.LoaderArgs) {
  return { origin: context.origin };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Marks the document once React has taken over, so styles and automated checks can tell a live page from
  // the server's HTML.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#07040c" />
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-gold focus:px-3 focus:py-2 focus:text-void">
          Skip to content
        </a>
        {children}
        {/* Filter changes on one page keep the shopper's place; a new page starts at the top. */}
        <ScrollRestoration nonce={nonce} getKey={(location) => location.pathname} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { pathname } = useLocation();
  return (
    <AppProviders>
      <ScrollToTop />
      {showsStorefrontHeader(pathname) ? <SiteHeader /> : null}
      <main id="main" className={showsStorefrontHeader(pathname) ? 'pt-16' : undefined}>
        <Outlet />
      </main>
      {showsFooter(pathname) ? <SiteFooter /> : null}
      <CartHost />
      <AccountHost />
    </AppProviders>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // The same providers as the app: the navigation's cart and account parts may need them on an error page too.
  return (
    <AppProviders>
      <title>{notFound ? `Lost in the mist | ${brand.name}` : `Something went wrong | ${brand.name}`}</title>
      <SiteHeader />
      <main id="main" className="pt-16">
        {notFound ? (
          <StatusPage code={404} title="This path leads nowhere">
            <p>The page you seek has dissolved into the mist, or was never conjured at all.</p>
          </StatusPage>
        ) : (
          <StatusPage title="A spell went awry">
            <p>Something went wrong while preparing this page. Please try again in a moment.</p>
          </StatusPage>
        )}
      </main>
      <SiteFooter />
    </AppProviders>
  );
}
