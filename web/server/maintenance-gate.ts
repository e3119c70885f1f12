/**
 * Maintenance gates every answer of the site, not only documents: while it is on, a request for a
 * gated path (all but /admin, /login and /maintenance-preview) never reaches a page's data. A
 * document renders as usual (the root loader throws the 503 maintenance page). Route data
 * (`/events.data?_routes=...`) is rendered for the root route alone, so it holds the maintenance
 * page's data and nothing else; the app's router shows the root's 503 boundary (the maintenance
 * page) as on a document load. Anything else (resource routes, a form post) gets a small 503 page
 * without running the route. Every gated answer is 503, `no-store`, with Retry-After.
 */
import { isExemptFromMaintenance } from '../app/features/maintenance/maintenance-flag.ts';
import { MAINTENANCE_RETRY_AFTER_SECONDS } from '../../domain/limits.ts';
import { noStore } from './http-caching.ts';
import { manifestPath, pageTarget } from './page-policy.ts';

/** The route manifest holds no data, and the exempt pages (and the maintenance page) need it to navigate. */
export function isGatedPath(pathname: string): boolean {
  return pathname !== manifestPath && !isExemptFromMaintenance(pageTarget(pathname).path);
}

const maintenancePage =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Under maintenance</title>' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"></head>' +
  '<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">' +
  '<h1>Under maintenance</h1><p>The site is being updated. Please try again in a few minutes.</p></body></html>\n';

function gatedHeaders(headers: Headers): Headers {
  headers.set('cache-control', noStore);
  headers.set('retry-after', String(MAINTENANCE_RETRY_AFTER_SECONDS));
  return headers;
}

/** The route-data URL narrowed to the root route, whose loader answers maintenance. */
function rootDataUrl(url: string): string {
  const narrowed = new URL(url);
  narrowed.searchParams.set('_routes', 'root');
  return narrowed.href;
}

/** The answer to a gated request while maintenance is on. */
export async function gatedResponse(request: Request, render: (request: Request) => Promise<Response>) {
  const { isData } = pageTarget(new URL(request.url).pathname);
  const readable = request.method === 'GET' || request.method === 'HEAD';
  let rendered: Response | undefined;
  if (readable && isData) {
    rendered = await render(
      new Request(rootDataUrl(request.url), { method: request.method, headers: request.headers }),
    );
  } else if (readable) {
    rendered = await render(request);
  }
  if (rendered?.status === 503) {
    return new Response(rendered.body, {
      status: 503,
      statusText: rendered.statusText,
      headers: gatedHeaders(new Headers(rendered.headers)),
    });
  }
  // A resource route or a post (not run), or a render that did not answer maintenance.
  await rendered?.body?.cancel();
  const headers = gatedHeaders(new Headers({ 'content-type': 'text/html; charset=utf-8' }));
  return new Response(request.method === 'HEAD' ? null : maintenancePage, { status: 503, headers });
}
