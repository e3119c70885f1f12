/**
 * Caches rendered pages for anonymous GET requests: a fresh copy for 3 s, then served stale while
 * one re-render runs, so a page under load costs about one render per 3 s, and a content edit
 * shows within seconds. Responses marked no-store or private are not kept. A site-wide state that
 * every page must show at once (maintenance) is checked before each request: while it holds,
 * every request renders, so switching it on or off takes effect on the next request.
 */
interface CachedPage {
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
  storedAt: number;
  refreshing?: Promise<void>;
}

export interface PageCacheOptions {
  freshMs: number;
  staleMs: number;
  maxEntries: number;
  /** Asked before each cacheable request: true means render it, neither replaying nor storing a copy. */
  bypass?: () => Promise<boolean>;
}

const cacheableStatuses = new Set([200, 301, 302, 307, 308, 404]);

function isCacheable(request: Request): boolean {
  return request.method === 'GET' && !request.headers.has('authorization') && !request.headers.has('cookie');
}

async function snapshot(response: Response): Promise<CachedPage | undefined> {
  const control = response.headers.get('cache-control') ?? '';
  if (!cacheableStatuses.has(response.status) || /no-store|private/.test(control)) return undefined;
  const body = await response.arrayBuffer();
  return { status: response.status, headers: [...response.headers], body, storedAt: Date.now() };
}

function replay(page: CachedPage, state: 'HIT' | 'STALE' | 'MISS'): Response {
  const headers = new Headers(page.headers);
  headers.set('x-page-cache', state);
  return new Response(page.body, { status: page.status, headers });
}

/**
 * The request a cached render runs with: the visitor's URL and headers without their connection.
 * A render made for the cache outlives the visitor who triggered it (a stale hit re-renders after
 * its answer is sent; a first visitor may leave mid-stream). With the visitor's abort signal, React
 * Router would abort that render as they leave, and the copy stored for everyone would hold the
 * page's streamed parts (live rows) as failed.
 */
function detached(request: Request): Request {
  return new Request(request.url, { method: request.method, headers: request.headers });
}

export function createPageCache(render: (request: Request) => Promise<Response>, options: PageCacheOptions) {
  const pages = new Map<string, CachedPage>();

  async function renderAndStore(request: Request, key: string): Promise<Response> {
    const response = await render(request);
    const page = await snapshot(response.clone());
    pages.delete(key);
    if (page) {
      pages.set(key, page);
      while (pages.size > options.maxEntries) pages.delete(pages.keys().next().value as string);
    }
    // An uncacheable answer (the 503 maintenance page, no-store) drops the old copy, so the next
    // request renders afresh instead of replaying a page that is no longer what visitors should see.
    return response;
  }

  /** A failed check is no reason to stop serving pages: the render reads the state itself. */
  const bypassed = (): Promise<boolean> =>
    options.bypass ? options.bypass().catch(() => false) : Promise.resolve(false);

  async function handle(request: Request): Promise<Response> {
    if (!isCacheable(request) || (await bypassed())) return render(request);
    const key = request.url;
    const page = pages.get(key);
    const age = page ? Date.now() - page.storedAt : Infinity;
    if (page && age < options.freshMs) return replay(page, 'HIT');
    if (page && age < options.freshMs + options.staleMs) {
      page.refreshing ??= renderAndStore(detached(request), key).then(
        () => undefined,
        (error: unknown) => {
          console.error('[page-cache] re-render failed:', error);
          page.refreshing = undefined;
        },
      );
      return replay(page, 'STALE');
    }
    const response = await renderAndStore(detached(request), key);
    const headers = new Headers(response.headers);
    headers.set('x-page-cache', 'MISS');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }

  // clear(): a published content change makes every stored page stale at once.
  return Object.assign(handle, { clear: () => pages.clear() });
}
