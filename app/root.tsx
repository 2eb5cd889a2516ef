import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from 'react-router';
import { useEffect } from 'react';
import cinzelFont from '@fontsource/cinzel/files/cinzel-latin-600-normal.woff2?url';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { brand } from './brand.ts';
import { AppProviders } from './components/app-providers.tsx';
import { SiteFooter } from './components/site-footer.tsx';
import { SiteHeader } from './components/site-header.tsx';
import { SiteShareImage } from './components/site-share-image.tsx';
import { StatusPage } from './components/status-page.tsx';
import { AccountHost } from './features/account/account-host.tsx';
import { CartHost } from './features/cart/cart-host.tsx';
import { useVisitSource } from './features/attribution/index.ts';
import { ConsentHost } from './features/consent/index.ts';
import { afterHydration, HydrateInTurn } from './lib/hydrate-in-turn.tsx';
import { useNonce } from './lib/nonce.tsx';
import { showsFooter, showsRootMain, showsStorefrontHeader } from './lib/site-chrome.ts';
import './load-context.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'preload', href: cinzelFont, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  // The one file that blocks the first paint sits in the head, ahead of the script preloads that <Scripts />
  // writes at the end of the body, so it is not queued behind them (docs/decisions/0011, 0013).
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function loader({ context }: Route.LoaderArgs) {
  // The same for every visitor, so cached pages stay shareable; each browser's own choice is read from its cookie.
  return { origin: context.origin, analyticsTags: context.shop.analyticsTags };
}

// The error page's title goes through <Meta /> into the head; a <title> rendered in the page would stay in the
// body, as Preact does not hoist it the way React 19 does.
export function meta({ error }: Route.MetaArgs) {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [{ title: notFound ? `Lost in the mist | ${brand.name}` : `Something went wrong | ${brand.name}` }];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Marks the document once React has taken over all of it, so styles and automated checks can tell a live page
  // from the server's HTML.
  useEffect(() => {
    afterHydration(() => {
      document.documentElement.dataset.hydrated = 'true';
    });
  }, []);
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#07040c" />
        <Meta />
        <SiteShareImage />
        <Links />
      </head>
      <body>
        <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-gold focus:px-3 focus:py-2 focus:text-void">
          Skip to content
        </a>
        {/* The document's head and the router come to life first; the page itself follows in turns. */}
        <HydrateInTurn>{children}</HydrateInTurn>
        {/* Positions are kept per history entry: a link starts its page at the top, the back and forward
            buttons return to the old place, and catalogue filters keep it by navigating with preventScrollReset. */}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { pathname } = useLocation();
  useVisitSource();
  return (
    <AppProviders>
      {showsStorefrontHeader(pathname) ? (
        <HydrateInTurn>
          <SiteHeader />
        </HydrateInTurn>
      ) : null}
      {showsRootMain(pathname) ? (
        <main id="main" className={showsStorefrontHeader(pathname) ? 'pt-16' : undefined}>
          <Outlet />
        </main>
      ) : (
        <Outlet />
      )}
      {showsFooter(pathname) ? (
        <HydrateInTurn>
          <SiteFooter />
        </HydrateInTurn>
      ) : null}
      <CartHost />
      <AccountHost />
      <ConsentHost />
    </AppProviders>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // The same providers as the app: the navigation's cart and account parts may need them on an error page too.
  return (
    <AppProviders>
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
