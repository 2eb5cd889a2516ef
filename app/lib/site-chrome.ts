const normalise = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

const isBackOffice = (path: string) => path === '/admin' || path.startsWith('/admin/');

/** The back office has its own layout: no storefront header there. */
export function showsStorefrontHeader(pathname: string): boolean {
  return !isBackOffice(normalise(pathname));
}

/** Pages that fill the screen themselves (catalogue, profile, back office) have no footer. */
export function showsFooter(pathname: string): boolean {
  const path = normalise(pathname);
  return !(path === '/products' || path === '/profile' || isBackOffice(path));
}

/**
 * The root layout wraps pages in the document's <main>, except the portal behind /admin/login: its shell has a
 * sidebar and a header beside its content, so it draws its own <main> (one per page, never one inside another).
 */
export function showsRootMain(pathname: string): boolean {
  const path = normalise(pathname);
  return !isBackOffice(path) || path === '/admin/login';
}
