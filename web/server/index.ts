/**
 * The website's production server: checks its settings before anything else, then serves static
 * client files (precompressed), then server-rendered pages through a short page cache, compressed
 * on the way out. Requests no page may see (TRACE, malformed URLs, paths deeper than any route...)
 * are answered by the request guard first; while maintenance is on, every gated answer is a 503
 * (maintenance-gate.ts). A fresh cached copy is sent straight from memory, before any web Request
 * is built. Listens on HOST (default 127.0.0.1) and PORT (default 3000); TRUST_PROXY names the
 * proxies whose X-Forwarded-For/Proto are believed; MAINTENANCE_MAX_AGE_MS lets a read of the
 * maintenance flag be reused for that long (default 1000; 0: every request waits for a read begun
 * after it arrived, shared with the requests arriving meanwhile: web/app/lib/fresh-read.ts).
 */
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { CONTENT_CHANGED_CHANNEL } from '../app/config/content-changes.ts';
import { maintenanceCheck } from './app-entry.ts';
import { recentRead } from './recent-read.ts';
import { compressResponse } from './compression.ts';
import {
  isVisitorRequest,
  pageFreshSeconds,
  pageStaleIfErrorSeconds,
  pageStaleSeconds,
  withPageHeaders,
} from './http-caching.ts';
import { gatedResponse, isGatedPath } from './maintenance-gate.ts';
import { clientView, sendResponse, toRequest, type ClientView } from './node-adapter.ts';
import { createPageCache } from './page-cache.ts';
import { asksTooDeep, canonicalUrl, isPrivatePath, maxRouteSegments, pageTarget } from './page-policy.ts';
import { closeAfterAnswer, hasBody, maxRequestBodyBytes, multipartParses, readBodyCapped } from './request-body.ts';
import { createGuardedServer, reportFailure, sendRefusal, type GuardOptions } from './request-guard.ts';
import { securityHeaders, servedOverHttps, withSecurityHeaders } from './security-headers.ts';
import { readStartupSettings } from './startup-settings.ts';
import { staticFiles } from './static-files.ts';

const settings = readStartupSettings(process.env);
if (!settings.ok) {
  console.error(
    `✖ The website cannot start: its settings are invalid or missing (see .env.example):\n  ${settings.problems.join('\n  ')}`,
  );
  process.exit(1);
}
const { host, port } = settings.listen;
const { trustedProxies } = settings;

const buildDir = join(import.meta.dirname, '..', 'build');
const build = (await import(join(buildDir, 'server', 'index.js'))) as ServerBuild;
const renderApp = createRequestHandler(build, 'production');
const maintenanceOn = recentRead(maintenanceCheck(build), settings.maintenanceMaxAgeMs);

/** A render with the site's HTTP rules applied (http-caching.ts): what the cache stores and replays. */
async function renderPage(request: Request): Promise<Response> {
  return withPageHeaders(request, await renderApp(request));
}

const cachedPage = createPageCache(renderPage, {
  freshMs: pageFreshSeconds * 1000,
  staleMs: pageStaleSeconds * 1000,
  staleIfErrorMs: pageStaleIfErrorSeconds * 1000,
  maxEntries: 1_000,
});
// The app's content listener announces published edits: the next request renders afresh.
subscribe(CONTENT_CHANGED_CHANNEL, () => cachedPage.clear());
const assets = staticFiles(join(buildDir, 'client'));

/** A failed check is no reason to stop serving pages: the render reads the state itself. */
const maintenanceHolds = (pathname: string): Promise<boolean> =>
  isGatedPath(pathname) ? maintenanceOn().catch(() => false) : Promise.resolve(false);

/** HEAD is answered with GET's headers: the app renders a GET, the body is not sent. */
function asGet(request: Request): Request {
  if (request.method !== 'HEAD') return request;
  return new Request(request.url, { method: 'GET', headers: request.headers, signal: request.signal });
}

// HSTS needs HTTPS: the request's URL says https when the connection is TLS or a trusted proxy
// said so (node-adapter.ts builds it from the client view).
const handle = async (request: Request) =>
  withSecurityHeaders(await respond(request), { https: servedOverHttps(request, false) });

async function respond(request: Request): Promise<Response> {
  try {
    const served = await assets.serve(request);
    if (served) return served;
    const url = new URL(request.url);
    if (asksTooDeep(url)) return new Response(null, { status: 400, headers: { 'cache-control': 'no-store' } });
    if (await maintenanceHolds(url.pathname)) {
      return compressResponse(request, withPageHeaders(request, await gatedResponse(asGet(request), renderApp)));
    }
    const response = isVisitorRequest(request) ? await renderPage(asGet(request)) : await cachedPage(request);
    return compressResponse(request, response);
  } catch (error) {
    reportFailure('website', `${request.method} ${new URL(request.url).pathname}`, error);
    return new Response('<!doctype html><title>500 Internal Server Error</title><h1>Something went wrong</h1>\n', {
      status: 500,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
}

/**
 * The cache's fast path: a fresh copy of an anonymous page, written straight to the socket. Most
 * of a hit's cost through the web adapter is building the Request and Response objects.
 */
async function serveHit(req: IncomingMessage, res: ServerResponse, view: ClientView): Promise<boolean> {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.cookie || req.headers.authorization) return false;
  const url = new URL(req.url ?? '/', `${view.protocol}//${req.headers.host ?? 'localhost'}`);
  if (isPrivatePath(pageTarget(url.pathname).path)) return false;
  const replay = cachedPage.hit(canonicalUrl(url), {
    method: req.method,
    acceptEncoding: req.headers['accept-encoding'],
    ifNoneMatch: req.headers['if-none-match'],
  });
  if (!replay || (await maintenanceHolds(url.pathname))) return false;
  res.writeHead(replay.status, {
    ...replay.headers,
    ...Object.fromEntries(securityHeaders({ https: view.protocol === 'https:' })),
  });
  res.end(replay.body);
  return true;
}

// React Router serves no OPTIONS (it would answer 405 itself); undici's Request refuses TRACE.
// No route is deeper than a few segments or has a path near 1,024 characters: such paths are not
// matched (React Router's matching of a 7,000-segment path took seconds of the only thread).
const guardOptions: GuardOptions = {
  service: 'website',
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  maxPathSegments: maxRouteSegments,
  maxPathLength: 1024,
  body: 'html',
  // HSTS is left to the pages: a refused request may not even have a trustworthy scheme.
  headers: Object.fromEntries(securityHeaders({ https: false })),
};

/**
 * A request's body, read under the cap before any route sees it (request-body.ts), or undefined
 * once it has been answered: 413 above the cap, 400 for a multipart body that does not parse.
 */
async function cappedBody(req: IncomingMessage, res: ServerResponse): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const body = await readBodyCapped(req);
  if (!body) {
    closeAfterAnswer(req, res);
    sendRefusal(
      req,
      res,
      413,
      `The request is too large: the site takes at most ${maxRequestBodyBytes / 1024} KiB`,
      guardOptions,
      { close: false },
    );
    return undefined;
  }
  if (!(await multipartParses(body, req.headers['content-type']))) {
    sendRefusal(req, res, 400, 'The form data could not be read: please send the form again', guardOptions);
    return undefined;
  }
  return body;
}

async function listener(req: IncomingMessage, res: ServerResponse): Promise<void> {
  // Only requests with a body pay for this; page views (GET without a body) go straight on.
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (hasBody(req)) {
    body = await cappedBody(req, res);
    if (!body) return;
  }
  const view = clientView(req, trustedProxies);
  if (await serveHit(req, res, view)) return;
  const controller = new AbortController();
  res.on('close', () => controller.abort());
  await sendResponse(req, res, await handle(toRequest(req, controller.signal, view, body)));
}

const server = createGuardedServer(guardOptions, listener);

server.once('error', (error: NodeJS.ErrnoException) => {
  console.error(error.code === 'EADDRINUSE' ? `Port ${port} (website) is already in use` : error);
  process.exit(1);
});
server.listen(port, host, () => {
  console.log(`website listening on http://${host}:${port}`);
  // Compress the client build in the background so the first visitors get it at once.
  assets.warm().catch((error: unknown) => console.error('[static] precompressing assets failed:', error));
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
