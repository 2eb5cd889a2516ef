import { lazy, Suspense, useEffect } from 'react';
import { useAuth } from './auth-store.ts';

// Neither is needed to paint or use a page, so neither is in the first download (docs/decisions/0011): the dialog
// and its form library load when a shopper opens it, the live stream once someone is signed in.
export const loadAuthDialog = () => import('./auth-dialog.tsx');
const AuthDialog = lazy(() => loadAuthDialog().then((module) => ({ default: module.AuthDialog })));
const CustomerLiveInbox = lazy(() => import('./customer-live-inbox.tsx').then((module) => ({ default: module.CustomerLiveInbox })));

/** Mounted once in the root: checks a stored session at start, keeps notifications live, hosts the dialog. */
export function AccountHost() {
  const token = useAuth((state) => (state.user ? state.token : null));
  const restore = useAuth((state) => state.restore);
  const dialog = useAuth((state) => state.dialog);

  useEffect(() => {
    void restore();
  }, [restore]);

  return (
    <>
      {token ? (
        <Suspense fallback={null}>
          <CustomerLiveInbox token={token} />
        </Suspense>
      ) : null}
      {dialog.open ? (
        <Suspense fallback={null}>
          {/* A new key on every opening: the dialog starts empty each time. */}
          <AuthDialog key={dialog.openedAt} initialMode={dialog.mode} />
        </Suspense>
      ) : null}
    </>
  );
}
