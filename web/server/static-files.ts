/**
 * Serves the client build: hashed /assets/ files cached for a year, other files for an hour.
 * Text files (JS, CSS, SVG, JSON...) go out brotli- or gzip-compressed at the highest quality;
 * each variant is compressed once, off the event loop, and kept in memory (the build is fixed
 * while the server runs). `warm()` compresses every asset ahead of the first visitor.
 */
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import { compressBuffer, isCompressible, minCompressBytes, negotiateEncoding, type Encoding } from './compression.ts';

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

/** The URL's path decoded, or undefined when it cannot name a file (bad escapes, a NUL byte). */
function decodedPath(url: string): string | undefined {
  try {
    const path = decodeURIComponent(new URL(url).pathname);
    return path.includes('\0') ? undefined : path;
  } catch {
    return undefined;
  }
}

interface Variant {
  body: Buffer;
  /** The file's mtime and size when compressed: a changed file is compressed again. */
  version: string;
}

export function staticFiles(root: string) {
  const variants = new Map<string, Promise<Variant>>();

  function compressed(file: string, version: string, encoding: Encoding): Promise<Variant> {
    const key = `${encoding}:${file}`;
    const cached = variants.get(key);
    if (cached) {
      return cached.then((variant) =>
        variant.version === version ? variant : (variants.delete(key), compressed(file, version, encoding)),
      );
    }
    const pending = readFile(file)
      .then((data) => compressBuffer(data, encoding))
      .then((body) => ({ body, version }));
    // A failed compression is not kept: the next request tries again.
    pending.catch(() => variants.delete(key));
    variants.set(key, pending);
    return pending;
  }

  async function serve(request: Request): Promise<Response | undefined> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    const pathname = decodedPath(request.url);
    if (pathname === undefined) return undefined;
    const file = normalize(join(root, pathname));
    // Never serve outside the build folder, whatever the path says.
    if (!file.startsWith(root + sep) || !existsSync(file)) return undefined;
    const stat = statSync(file);
    if (!stat.isFile()) return undefined;
    const contentType = contentTypes[extname(file)] ?? 'application/octet-stream';
    const immutable = pathname.startsWith('/assets/');
    const headers: Record<string, string> = {
      'content-type': contentType,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    };
    const compressible = isCompressible(contentType) && stat.size >= minCompressBytes;
    const encoding = compressible ? negotiateEncoding(request.headers.get('accept-encoding')) : undefined;
    if (compressible) headers.vary = 'Accept-Encoding';
    if (encoding) {
      const variant = await compressed(file, `${stat.mtimeMs}:${stat.size}`, encoding);
      headers['content-encoding'] = encoding;
      headers['content-length'] = String(variant.body.length);
      return new Response(request.method === 'HEAD' ? null : new Uint8Array(variant.body), { headers });
    }
    headers['content-length'] = String(stat.size);
    if (request.method === 'HEAD') return new Response(null, { headers });
    return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, { headers });
  }

  /** Compresses every text asset under /assets/ in both encodings, one file at a time. */
  async function warm(): Promise<number> {
    const dir = join(root, 'assets');
    if (!existsSync(dir)) return 0;
    let count = 0;
    for (const name of readdirSync(dir)) {
      const file = join(dir, name);
      const stat = statSync(file);
      if (!stat.isFile() || stat.size < minCompressBytes || !isCompressible(contentTypes[extname(file)])) continue;
      const version = `${stat.mtimeMs}:${stat.size}`;
      await Promise.all([compressed(file, version, 'br'), compressed(file, version, 'gzip')]);
      count += 1;
    }
    return count;
  }

  return { serve, warm };
}
