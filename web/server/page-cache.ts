/**
 * Caches rendered pages for anonymous GET and HEAD requests, as a CDN would: a fresh copy for a
 * few seconds, then served stale while one re-render runs, so a page under load costs about one
 * render per few seconds and a content edit shows within seconds. Pages are keyed by the URL
 * without the query parameters they do not read (page-policy.ts), and rendered for that URL.
 * A stored copy keeps its compressed variants (made once, off the event loop) and an ETag, so a
 * hit costs no render, no compression and, on If-None-Match, no body (304). Not stored: answers
 * marked no-store or private, statuses a shared cache must not keep, answers that set a cookie,
 * and degraded renders (config/render-degraded.ts), which go out `no-store`; while re-renders
 * fail or come out degraded, the previous copy is served stale for up to `staleIfErrorMs`.
 */
import { LRUCache } from 'lru-cache';
import { RENDER_DEGRADED_ATTRIBUTE, RENDER_DEGRADED_HEADER } from '../app/config/render-degraded.ts';
import { compressBuffer, isCompressible, minCompressBytes, negotiateEncoding, type Encoding } from './compression.ts';
import { etagMatches, etagOf, isVisitorRequest, noStore, sharedStatuses } from './http-caching.ts';
import { canonicalUrl } from './page-policy.ts';

export type CacheState = 'HIT' | 'STALE' | 'MISS';

interface CachedPage {
  status: number;
  /** The render's headers (lower-case names) without length and encoding, plus the ETag. */
  headers: Record<string, string>;
  etag: string;
  identity: Buffer;
  /** Compressed variants once made; `compressing` settles when both are. */
  variants: Partial<Record<Encoding, Buffer>>;
  compressing?: Promise<void>;
  storedAt: number;
  refreshing?: Promise<void>;
  /** When a re-render last failed or came out degraded: the copy may then be served longer. */
  erroredAt?: number;
}

export interface PageCacheOptions {
  freshMs: number;
  staleMs: number;
  maxEntries: number;
  /** How long a copy whose re-render failed or was degraded may still be served (default: staleMs). */
  staleIfErrorMs?: number;
  /** Asked before each cacheable request: true means render it, neither replaying nor storing a copy. */
  bypass?: () => Promise<boolean>;
}

/** What a replayed copy sends: status, headers and body (null for HEAD and 304). */
export interface Replay {
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** The parts of a request a replay depends on. */
export interface ReplayRequest {
  method: string;
  acceptEncoding: string | null | undefined;
  ifNoneMatch: string | null | undefined;
}

/** GET and HEAD of a page that does not depend on the visitor (page-policy.ts), without credentials. */
function isCacheable(request: Request): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && !isVisitorRequest(request);
}

const degradedMarker = Buffer.from(RENDER_DEGRADED_ATTRIBUTE);

/** Whether a rendered answer may be stored, judged on its status and headers (before its body). */
function storable(response: Response): boolean {
  const control = response.headers.get('cache-control') ?? '';
  return (
    sharedStatuses.has(response.status) &&
    !/no-store|private/i.test(control) &&
    !response.headers.has('set-cookie') &&
    !response.headers.has(RENDER_DEGRADED_HEADER)
  );
}

async function snapshot(response: Response): Promise<CachedPage | undefined> {
  const identity = Buffer.from(await response.arrayBuffer());
  // A live list's error state, in the HTML or in the route data.
  if (identity.includes(degradedMarker)) return undefined;
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) {
    if (name !== 'content-length' && name !== 'content-encoding') headers[name] = value;
  }
  const etag = etagOf(identity);
  headers.etag = etag;
  const page: CachedPage = { status: response.status, headers, etag, identity, variants: {}, storedAt: Date.now() };
  if (isCompressible(headers['content-type']) && identity.byteLength >= minCompressBytes) {
    page.compressing = Promise.all(
      (['br', 'gzip'] as const).map(async (encoding) => {
        page.variants[encoding] = await compressBuffer(identity, encoding);
      }),
    ).then(() => undefined);
    const vary = headers.vary;
    headers.vary = vary ? (/accept-encoding/i.test(vary) ? vary : `${vary}, Accept-Encoding`) : 'Accept-Encoding';
  }
  return page;
}

/**
 * The answer a stored copy gives a request, or undefined while the variant it needs is still being
 * compressed (the caller awaits `compressing`). Synchronous, for the server's fast path.
 */
export function replayOf(
  page: CachedPage,
  request: ReplayRequest,
  state: CacheState,
  now = Date.now(),
): Replay | undefined {
  const encoding = page.compressing ? negotiateEncoding(request.acceptEncoding) : undefined;
  const body = encoding ? page.variants[encoding] : page.identity;
  if (!body) return undefined;
  const headers: Record<string, string> = {
    ...page.headers,
    age: String(Math.floor(Math.max(0, now - page.storedAt) / 1000)),
    'x-page-cache': state,
  };
  if (page.status === 200 && etagMatches(request.ifNoneMatch, page.etag)) {
    delete headers['content-type'];
    return { status: 304, headers, body: null };
  }
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-length'] = String(body.byteLength);
  return { status: page.status, headers, body: request.method === 'HEAD' ? null : body };
}

function toResponse(replay: Replay): Response {
  const body = replay.body && new Uint8Array(replay.body);
  return new Response(body, { status: replay.status, headers: replay.headers });
}

/**
 * The request a cached render runs with: the canonical URL (page-policy.ts) as a GET, with the
 * visitor's headers but without their connection. A render made for the cache outlives the
 * visitor who triggered it (a stale hit re-renders after its answer is sent; a first visitor may
 * leave mid-stream). With the visitor's abort signal, React Router would abort that render as they
 * leave, and the copy stored for everyone would hold the page's streamed parts (live rows) as failed.
 */
function detached(request: Request, url: string): Request {
  return new Request(url, { method: 'GET', headers: request.headers });
}

export function createPageCache(render: (request: Request) => Promise<Response>, options: PageCacheOptions) {
  // Bounded by count, least recently read dropped first: the pages visitors keep reading stay.
  const pages = new LRUCache<string, CachedPage>({ max: options.maxEntries });
  /** Copies being read whole and judged: a request for the same key waits for the copy, not a render. */
  const storing = new Map<string, Promise<void>>();

  function store(key: string, page: CachedPage | undefined): void {
    if (page) pages.set(key, page);
    else pages.delete(key);
  }

  /** Renders for the cache; the visitor's answer streams while a copy is read whole and judged. */
  /**
   * A render that could not be stored (degraded, failed): the previous copy, if any, stays and is
   * served stale (stale-if-error) while the next request retries, rather than every visitor
   * rendering while a dependency is slow or down.
   */
  function keepPrevious(key: string): void {
    const previous = pages.get(key);
    if (!previous) return;
    previous.erroredAt = Date.now();
    previous.refreshing = undefined;
  }

  /**
   * Renders for the cache; the visitor's answer streams while a copy is read whole and judged.
   * Requests for the same key that arrive meanwhile wait for that copy instead of rendering too.
   */
  async function renderAndStore(request: Request, key: string): Promise<Response> {
    let settle = () => {};
    const settled = new Promise<void>((resolve) => (settle = resolve));
    storing.set(key, settled);
    const done = () => {
      if (storing.get(key) === settled) storing.delete(key);
      settle();
    };
    let response: Response;
    try {
      response = await render(request);
    } catch (error) {
      keepPrevious(key);
      done();
      throw error;
    }
    if (!storable(response)) {
      // A degraded render keeps the previous copy; any other uncacheable answer (the 503
      // maintenance page, no-store) drops it, so the next request renders afresh instead of
      // replaying a page that is no longer what visitors should see.
      if (response.headers.has(RENDER_DEGRADED_HEADER)) keepPrevious(key);
      else store(key, undefined);
      done();
      return response;
    }
    snapshot(response.clone())
      .then(
        (page) => (page ? store(key, page) : keepPrevious(key)),
        () => keepPrevious(key),
      )
      .finally(done);
    return response;
  }

  /** A failed check is no reason to stop serving pages: the render reads the state itself. */
  const bypassed = (): Promise<boolean> =>
    options.bypass ? options.bypass().catch(() => false) : Promise.resolve(false);

  /** The stored copy for a key and its state, or undefined when it must be rendered. */
  function lookup(key: string, now = Date.now()): { page: CachedPage; state: CacheState } | undefined {
    const page = pages.get(key);
    if (!page) return undefined;
    const age = now - page.storedAt;
    if (age < options.freshMs) return { page, state: 'HIT' };
    const staleFor = page.erroredAt === undefined ? options.staleMs : (options.staleIfErrorMs ?? options.staleMs);
    if (age >= options.freshMs + staleFor) return undefined;
    return { page, state: 'STALE' };
  }

  function refresh(page: CachedPage, request: Request, key: string): void {
    page.refreshing ??= renderAndStore(detached(request, key), key).then(
      async (response) => {
        // Nobody reads this answer: drain it so the render's stream completes (and is stored).
        await response.body?.cancel();
      },
      (error: unknown) => console.error('[page-cache] re-render failed:', error),
    );
  }

  async function handle(request: Request): Promise<Response> {
    if (!isCacheable(request) || (await bypassed())) return render(request);
    const key = canonicalUrl(new URL(request.url));
    const pending = storing.get(key);
    if (pending && !pages.has(key)) await pending;
    const found = lookup(key);
    const replayRequest: ReplayRequest = {
      method: request.method,
      acceptEncoding: request.headers.get('accept-encoding'),
      ifNoneMatch: request.headers.get('if-none-match'),
    };
    if (found) {
      if (found.state === 'STALE') refresh(found.page, request, key);
      const replay = replayOf(found.page, replayRequest, found.state);
      if (replay) return toResponse(replay);
      await found.page.compressing;
      return toResponse(replayOf(found.page, replayRequest, found.state)!);
    }
    const response = await renderAndStore(detached(request, key), key);
    const headers = new Headers(response.headers);
    headers.set('x-page-cache', 'MISS');
    // A streamed render's headers leave before its body is complete (and judged): only checked,
    // replayed copies may be kept by a shared cache.
    if (storable(response)) headers.set('cache-control', noStore);
    if (request.method === 'HEAD') {
      await response.body?.cancel();
      return new Response(null, { status: response.status, statusText: response.statusText, headers });
    }
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }

  /** Synchronous fast path: a fresh copy's replay for a cacheable request, without a web Request. */
  function hit(key: string, request: ReplayRequest): Replay | undefined {
    const found = lookup(key);
    return found?.state === 'HIT' ? replayOf(found.page, request, 'HIT') : undefined;
  }

  // clear(): a published content change makes every stored page stale at once.
  return Object.assign(handle, { clear: () => pages.clear(), hit });
}
