/**
 * The website's production server: checks its settings before anything else, then serves static
 * client files (precompressed), then server-rendered pages through a short page cache (bypassed
 * while maintenance is on), compressed on the way out. Requests no page may see (TRACE, malformed
 * URLs...) are answered by the request guard first. Listens on HOST (default 127.0.0.1) and PORT
 * (default 3000).
 */
import { subscribe } from 'node:diagnostics_channel';
import { join } from 'node:path';
import { createRequestListener } from '@mjackson/node-fetch-server';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { CONTENT_CHANGED_CHANNEL } from '../app/config/content-changes.ts';
import { maintenanceCheck } from './app-entry.ts';
import { compressResponse } from './compression.ts';
import { createPageCache } from './page-cache.ts';
import { createGuardedServer, reportFailure } from './request-guard.ts';
import { withSecurityHeaders, servedOverHttps } from './security-headers.ts';
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

const buildDir = join(import.meta.dirname, '..', 'build');
const build = (await import(join(buildDir, 'server', 'index.js'))) as ServerBuild;
const renderPage = createRequestHandler(build, 'production');
const cachedPage = createPageCache((request) => renderPage(request), {
  freshMs: 3_000,
  staleMs: 10_000,
  maxEntries: 1_000,
  // Maintenance on or off takes effect on the next request, whatever the cache holds.
  bypass: maintenanceCheck(build),
});
// The app's content listener announces published edits: the next request renders afresh.
subscribe(CONTENT_CHANGED_CHANNEL, () => cachedPage.clear());
const assets = staticFiles(join(buildDir, 'client'));

// HSTS needs HTTPS: TLS here, or a trusted proxy saying so (none is trusted until a setting names one).
const handle = async (request: Request) =>
  withSecurityHeaders(await respond(request), { https: servedOverHttps(request, false) });

async function respond(request: Request): Promise<Response> {
  try {
    return (await assets.serve(request)) ?? compressResponse(request, await cachedPage(request));
  } catch (error) {
    reportFailure('website', `${request.method} ${new URL(request.url).pathname}`, error);
    return new Response('500 Internal Server Error\n', {
      status: 500,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
}

// React Router serves no OPTIONS (it would answer 405 itself); undici's Request refuses TRACE.
const server = createGuardedServer(
  { service: 'website', methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] },
  createRequestListener(handle),
);

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
