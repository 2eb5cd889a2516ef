import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';

type Manifest = ServerBuild['routes'];

/** The build's flat route manifest as the nested routes `matchRoutes` reads. */
function routeTree(manifest: Manifest, parentId?: string): RouteObject[] {
  return Object.values(manifest)
    .filter((route): route is NonNullable<typeof route> => !!route && route.parentId === parentId)
    .map((route) => ({ id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive, children: route.index ? undefined : routeTree(manifest, route.id) }) as RouteObject);
}

const trees = new WeakMap<Manifest, RouteObject[]>();

/**
 * The storefront route a path matches, as its pattern (`/products/:idOrSlug`), for labels that must stay few
 * whatever paths visitors ask for: a path that only a not-found route (`*`) matches is `unmatched`.
 */
export function pageRoutePattern(build: Pick<ServerBuild, 'routes'>, pathname: string): string {
  let tree = trees.get(build.routes);
  if (!tree) {
    tree = routeTree(build.routes);
    trees.set(build.routes, tree);
  }
  const matches = matchRoutes(tree, pathname) ?? [];
  const paths = matches.map((match) => match.route.path).filter((path): path is string => !!path);
  if (matches.length === 0 || paths.some((path) => path.includes('*'))) return 'unmatched';
  return `/${paths.join('/')}`.replace(/\/+/g, '/');
}
