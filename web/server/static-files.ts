/** Serves the client build: hashed /assets/ files cached for a year, other files for an hour. */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

export function staticFiles(root: string) {
  return (request: Request): Response | undefined => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    const pathname = decodeURIComponent(new URL(request.url).pathname);
    const file = normalize(join(root, pathname));
    // Never serve outside the build folder, whatever the path says.
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) return undefined;
    const immutable = pathname.startsWith('/assets/');
    const headers = {
      'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
      'content-length': String(statSync(file).size),
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    };
    if (request.method === 'HEAD') return new Response(null, { headers });
    return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, { headers });
  };
}
