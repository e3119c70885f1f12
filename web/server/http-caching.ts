/**
 * The HTTP caching rules of rendered pages, in one place: which Cache-Control a page gets (shared
 * and short for public pages, `private, no-store` for a visitor's own, `no-store` for failures),
 * the charset of HTML, and ETag validation (If-None-Match -> 304).
 */
import { hash } from 'node:crypto';
import { RENDER_DEGRADED_HEADER } from '../app/config/render-degraded.ts';
import { isPrivatePath, pageTarget } from './page-policy.ts';

/** How long the server's page cache (and so a CDN) treats a page as fresh, then serves it stale. */
export const pageFreshSeconds = 3;
export const pageStaleSeconds = 10;
/** A shared cache may keep serving a page this long while the origin answers errors. */
export const pageStaleIfErrorSeconds = 300;

export const publicPageCacheControl =
  `public, max-age=0, s-maxage=${pageFreshSeconds}, stale-while-revalidate=${pageStaleSeconds}, ` +
  `stale-if-error=${pageStaleIfErrorSeconds}`;
export const privateCacheControl = 'private, no-store';
export const noStore = 'no-store';

/** Statuses a shared cache may keep: pages, redirects and not-found answers. */
export const sharedStatuses: ReadonlySet<number> = new Set([200, 301, 302, 307, 308, 404]);

/** True when the answer depends on who asks: their page (cart, admin...) or their credentials. */
export function isVisitorRequest(request: Request): boolean {
  if (request.headers.has('cookie') || request.headers.has('authorization')) return true;
  return isPrivatePath(pageTarget(new URL(request.url).pathname).path);
}

/**
 * Cache-Control the server puts on a rendered answer. Pages set none (routes do not), but React
 * Router's own answers may (its route manifest is immutable, per build version): theirs stays.
 */
export function pageCacheControl(request: Request, response: Response): string {
  if (isVisitorRequest(request)) return privateCacheControl;
  if (!sharedStatuses.has(response.status) || response.headers.has(RENDER_DEGRADED_HEADER)) return noStore;
  return response.headers.get('cache-control') ?? publicPageCacheControl;
}

/** Headers every rendered answer leaves with: Cache-Control by the rules above, HTML with its charset. */
export function withPageHeaders(request: Request, response: Response, cacheControl?: string): Response {
  const headers = new Headers(response.headers);
  headers.set('cache-control', cacheControl ?? pageCacheControl(request, response));
  const type = headers.get('content-type');
  if (type && /^text\/html\s*$/i.test(type)) headers.set('content-type', 'text/html; charset=utf-8');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * A weak validator of the page's bytes (weak: the compressed variants carry the same one). The
 * bytes include the render's CSP nonce, so a 304 never pairs an old body with a new nonce header.
 */
export function etagOf(body: Uint8Array): string {
  return `W/"${hash('sha1', body, 'base64url')}"`;
}

/** If-None-Match against an ETag, by weak comparison (RFC 9110 13.1.2): `*` or any listed tag. */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}
