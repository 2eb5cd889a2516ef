import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A new page starts at the top, even one visited before (ScrollRestoration would put the shopper back where
 * they left it). The back and forward buttons still restore the old place, and changes that keep the path
 * (catalogue filters, sort) keep it too.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}
