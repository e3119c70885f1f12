/**
 * The website's production server: static client files (precompressed), then server-rendered
 * pages through a short page cache, compressed on the way out. Listens on HOST (default
 * 127.0.0.1) and PORT (default 3000).
 */
import { createServer } from 'node:http';
import { join } from 'node:path';
import { createRequestListener } from '@mjackson/node-fetch-server';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { compressResponse } from './compression.ts';
import { createPageCache } from './page-cache.ts';
import { staticFiles } from './static-files.ts';

const buildDir = join(import.meta.dirname, '..', 'build');
const build = (await import(join(buildDir, 'server', 'index.js'))) as ServerBuild;
const renderPage = createRequestHandler(build, 'production');
const cachedPage = createPageCache((request) => renderPage(request), {
  freshMs: 3_000,
  staleMs: 10_000,
  maxEntries: 1_000,
});
const assets = staticFiles(join(buildDir, 'client'));

const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 3000);

const server = createServer(
  createRequestListener(
    async (request) => (await assets.serve(request)) ?? compressResponse(request, await cachedPage(request)),
  ),
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
