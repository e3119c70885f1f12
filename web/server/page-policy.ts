/**
 * What the server knows about a page from its URL alone: which query parameters change it (the
 * cache key keeps only those), whether it depends on the visitor (never stored, `private,
 * no-store`), and the page a route-data request (`/events.data`, `/_root.data`) belongs to.
 */
import { CART_PATH, CATALOGUE_PATH, CHECKOUT_PATH, CONFIRMATION_PATH } from '../app/config/commerce-paths.ts';

/** React Router's route manifest (routeDiscovery's default manifestPath). */
export const manifestPath = '/__manifest';

/** The deepest path any route has, with room to spare: deeper ones are never matched. */
export const maxRouteSegments = 16;

/**
 * True when a manifest request asks React Router to match a path deeper than any route (its
 * `paths` parameter is matched like a URL's path, at the same cost).
 */
export function asksTooDeep(url: URL): boolean {
  if (url.pathname !== manifestPath) return false;
  return (url.searchParams.get('paths') ?? '').split(',').some((path) => path.split('/').length - 1 > maxRouteSegments);
}

/**
 * The query parameters each page's loaders read (grep the route modules for searchParams). A
 * parameter not listed here never reaches a cached render: `/about?x=<random>` is `/about`.
 */
const pageParams: Record<string, readonly string[]> = {
  [CATALOGUE_PATH]: ['q', 'category'],
  // React Router's lazy route discovery: the routes matching `paths`, for build `version`.
  [manifestPath]: ['paths', 'version'],
};

/**
 * Pages whose answer depends on the visitor: their cart, their order, their token (confirm,
 * unsubscribe, cancel), their session (login, admin), a preview for staff, or the certificate code
 * they typed (/verify?code=, /verify/<code>: never stored under a code).
 */
const privatePaths = [
  CART_PATH,
  CHECKOUT_PATH,
  CONFIRMATION_PATH,
  '/login',
  '/admin',
  '/unsubscribe',
  '/newsletter/confirm',
  '/events/registration/cancel',
  '/maintenance-preview',
  '/preview',
  '/verify',
];

/** React Router's route-data suffix; the index route's data is `/_root.data`. */
const dataSuffix = '.data';
const rootData = '/_root.data';

export interface PageTarget {
  /** The page's own path (`/events` for `/events.data`). */
  path: string;
  /** A React Router route-data request rather than a document. */
  isData: boolean;
}

export function pageTarget(pathname: string): PageTarget {
  if (pathname === rootData) return { path: '/', isData: true };
  if (pathname.endsWith(dataSuffix)) return { path: pathname.slice(0, -dataSuffix.length) || '/', isData: true };
  return { path: pathname, isData: false };
}

/** True for a path at or under one of the visitor-dependent pages (`/admin/orders`, not `/administer`). */
export function isPrivatePath(path: string): boolean {
  return privatePaths.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * The URL a shared render is made for and stored under: the path, then only the parameters the
 * page reads (and the route ids a data request asks for), sorted, so their order and any other
 * parameter cannot force a render.
 */
export function canonicalUrl(url: URL): string {
  const { path, isData } = pageTarget(url.pathname);
  const keep = [...(pageParams[path] ?? []), ...(isData ? ['_routes'] : [])];
  const params = new URLSearchParams();
  for (const name of keep.toSorted()) {
    for (const value of url.searchParams.getAll(name)) params.append(name, value);
  }
  const search = params.toString();
  return `${url.origin}${url.pathname}${search ? `?${search}` : ''}`;
}
