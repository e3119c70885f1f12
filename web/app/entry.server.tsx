/**
 * React Router's Node entry (its default, see @react-router/dev config/defaults), plus four
 * things: the components of the server-rendered blocks and parts (blocks/server-rendered.tsx,
 * blocks/server-parts.tsx) are provided here, on the server only, so the browser's bundle never
 * contains them; a visitor's bad request (404, a POST to a page) is not logged as a server error;
 * the maintenance check is exported for the production server's page cache
 * (web/server/app-entry.ts); and the document is finished on its way out (stylesheets inlined,
 * icon links, hydration once the page is on screen: lib/document-head).
 */
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction } from 'react-router';
import { serverBlocks, serverParts } from './blocks/server-blocks.server';
import { ServerParts } from './blocks/server-parts';
import { ServerBlocks } from './blocks/server-rendered';
import { publicEnv } from './config/env.server';
import { contentSecurityPolicy, createNonce, FRAME_ANCESTOR_HEADER } from './lib/content-security-policy.server';
import { finishedDocument } from './lib/document-head/document-head.server';
import { NonceContext } from './lib/nonce';

/** While maintenance is on, the page cache replays nothing: the switch takes effect on the next request. */
export { maintenanceActive } from './features/maintenance/maintenance.server';

/** How long streamed parts (live rows) may take before the response ends without them. */
export const streamTimeout = 5_000;

/** Logs what went wrong on the server; a 4xx answer to the visitor's request or their leaving is not that. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  // A fresh nonce per render, in the policy and on every inline script of this page only.
  const nonce = createNonce();
  const frameAncestor = responseHeaders.get(FRAME_ANCESTOR_HEADER);
  responseHeaders.delete(FRAME_ANCESTOR_HEADER);
  responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(publicEnv(), nonce, frameAncestor));
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the whole page, live rows included, in one response.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    // Abort after streamTimeout, with time left to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerBlocks.Provider value={serverBlocks}>
          <ServerParts.Provider value={serverParts}>
            {/* Its nonce reaches <Scripts> (module preloads too), <ScrollRestoration> and the streamed route data. */}
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </ServerParts.Provider>
        </ServerBlocks.Provider>
      </NonceContext.Provider>,
      {
        // React's own inline scripts (revealing streamed Suspense boundaries).
        nonce,
        // A finished boundary stays in place in the HTML however large (the footer's, see
        // components/ui/hydrate-when-near.tsx): React would otherwise send one that comes after
        // 12,800 bytes at the end and move it into place with a script.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyOption]() {
          shellRendered = true;
          // Stylesheets inlined, icon links, hydration once the page is on screen (lib/document-head).
          const { writable: body, readable: html } = finishedDocument({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(html), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is sent reject above and are logged by React Router.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
