/**
 * Serves a built Sanity Studio (`sanity build` output, base path /studio) from the lake's own
 * origin: files as they are, every other path under /studio gets index.html (the Studio routes
 * in the browser). Hashed files under static/ are immutable; index.html is never cached.
 */
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { sendHttpError } from './http-reply.ts';
import { studioPageHeaders } from './studio-csp.ts';

export interface StudioFiles {
  serve(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false;
}

/**
 * `apiOrigins`: the lake's origins the Studio calls besides its own (see studio-csp.ts).
 * `sessionCookie`: set on the Studio's page, so its calls to the lake carry the editor token.
 */
export function createStudioFiles(
  distDir: string,
  apiOrigins: () => string[] = () => [],
  sessionCookie?: () => string,
): StudioFiles {
  const root = normalize(distDir);
  return {
    async serve(req, res, url) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendHttpError(res, 405, 'The Studio is read-only here');
      const relative = decodeURIComponent(url.pathname.replace(/^\/studio\/?/, ''));
      const candidate = normalize(join(root, relative));
      const inside = candidate === root || candidate.startsWith(`${root}${sep}`);
      const path = inside && relative !== '' && (await isFile(candidate)) ? candidate : join(root, 'index.html');
      let body: Buffer;
      try {
        body = await readFile(path);
      } catch {
        return sendHttpError(
          res,
          404,
          `The Studio is not built (no ${join(root, 'index.html')}): run npm run studio:build`,
        );
      }
      const hashed = path.startsWith(join(root, 'static') + sep);
      const html = extname(path) === '.html';
      const page = html ? studioPageHeaders(body.toString('utf8'), apiOrigins()) : {};
      if (html && sessionCookie) res.setHeader('Set-Cookie', sessionCookie());
      res.writeHead(200, {
        ...page,
        'Content-Type': types[extname(path)] ?? 'application/octet-stream',
        'Content-Length': String(body.length),
        'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
        'X-Content-Type-Options': 'nosniff',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    },
  };
}
