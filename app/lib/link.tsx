import { createElement, type ComponentProps } from 'react';
import { NavLink as RouterNavLink, Link as RouterLink, useLocation } from 'react-router';

type LinkProps = ComponentProps<typeof RouterLink>;
type NavLinkProps = ComponentProps<typeof RouterNavLink>;

/** `Link` props that shape what a click does in the browser, and nothing in the HTML (`target` is written after `href`). */
const NAVIGATION_OPTIONS = /* @__PURE__ */ new Set([
  'to',
  'discover',
  'prefetch',
  'reloadDocument',
  'relative',
  'replace',
  'state',
  'target',
  'preventScrollReset',
  'viewTransition',
  'onClick',
  'mask',
  'defaultShouldRevalidate',
]);

/**
 * React Router's `Link`, written on the server as the anchor it renders, without running it.
 *
 * On the server a `Link` only ever contributes its `<a>`: its click handler, prefetch handlers and ref do not reach
 * the HTML. Yet each one resolves its path against the route tree, reads the location and navigation state and
 * builds those handlers, and the catalogue draws some sixty of them.
 * A path that needs no resolving (a plain string from the site's root) is written here as the same anchor, byte for
 * byte: its attributes, then `href`, `target` and `data-discover`. Anything else (a relative or absolute URL, an
 * object, prefetching, a masked or document-reloading link) is left to React Router.
 *
 * In the browser this is React Router's `Link` itself, so hydration attaches the router's click handling and
 * client navigation is unchanged.
 */
function ServerLink(props: LinkProps) {
  const { to, discover = 'render', prefetch = 'none', reloadDocument, relative, target } = props;
  if (typeof to !== 'string' || to[0] !== '/' || to[1] === '/' || to[1] === '\\' || prefetch !== 'none' || reloadDocument || relative || 'mask' in props) {
    return <RouterLink {...props} />;
  }
  // Copied rather than destructured with a rest and deletes, which would leave a slow dictionary-mode object.
  const attributes: Record<string, unknown> = {};
  for (const name in props) {
    if (!NAVIGATION_OPTIONS.has(name)) attributes[name] = props[name as keyof LinkProps];
  }
  attributes.href = to;
  attributes.target = target;
  attributes['data-discover'] = discover === 'render' ? 'true' : undefined;
  return createElement('a', attributes);
}

// Chosen at build time, so the browser's bundle carries none of the server's version.
export const Link: typeof RouterLink = import.meta.env.SSR ? (ServerLink as typeof RouterLink) : RouterLink;

/** A path from the site's root that reads the same encoded and decoded, with no query or fragment. */
const PLAIN_PATH = /^\/[\w\-/]*$/;

/**
 * React Router's `NavLink` on the server: the same anchor, marked active as `NavLink` marks it, without its hooks.
 * A server render never has a navigation pending or a view transition running, so only `isActive` can be true.
 */
function ServerNavLink(props: NavLinkProps) {
  const location = useLocation();
  const { 'aria-current': ariaCurrentProp = 'page', caseSensitive = false, className: classNameProp = '', end = false, style: styleProp, to, viewTransition, children, ...rest } = props;
  if (typeof to !== 'string' || !PLAIN_PATH.test(to) || rest.relative) return <RouterNavLink {...props} />;
  const toPathname = caseSensitive ? to : to.toLowerCase();
  const locationPathname = caseSensitive ? location.pathname : location.pathname.toLowerCase();
  const endSlashPosition = toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length;
  const isActive =
    locationPathname === toPathname || (!end && locationPathname.startsWith(toPathname) && locationPathname.charAt(endSlashPosition) === '/');
  const renderProps = { isActive, isPending: false, isTransitioning: false };
  const className = typeof classNameProp === 'function' ? classNameProp(renderProps) : [classNameProp, isActive ? 'active' : null].filter(Boolean).join(' ');
  const style = typeof styleProp === 'function' ? styleProp(renderProps) : styleProp;
  return (
    <ServerLink {...rest} aria-current={isActive ? ariaCurrentProp : undefined} className={className} style={style} to={to} viewTransition={viewTransition}>
      {typeof children === 'function' ? children(renderProps) : children}
    </ServerLink>
  );
}

export const NavLink: typeof RouterNavLink = import.meta.env.SSR ? (ServerNavLink as typeof RouterNavLink) : RouterNavLink;
