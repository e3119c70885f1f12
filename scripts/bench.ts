/**
 * `npm run bench [-- --url http://127.0.0.1:3000] [--path /about] [--seconds 10] [--connections 50]`:
 * the page cache's throughput, in one run on one machine. Serves a CMS page from the website's
 * page cache under load (autocannon, brotli accepted as browsers do), then the very same bytes
 * and headers from a bare node:http server (scripts/bench-static-server.ts, a process of its own),
 * and prints requests/s and p99 latency of each, the ratio, and the machine's load. A third run
 * adds a random query parameter to every request (`?x=<random>`): it must not leave the cache.
 * Without --url it starts the whole stack on free ports (production build) and stops it after.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { siteForScript } from '../tests/support/test-stack.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    path: { type: 'string', default: '/about' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const path = values.path ?? '/about';
const requestHeaders = { 'accept-encoding': 'gzip, deflate, br, zstd' };

interface Recorded {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One raw GET (no decoding): the bytes exactly as the server sent them. */
function rawGet(url: string): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: requestHeaders }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (typeof value === 'string') headers[name] = value;
        }
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The page as the cache replays it (asked until it is a hit). */
async function cachedCopy(url: string): Promise<Recorded> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const answer = await rawGet(url);
    if (answer.headers['x-page-cache'] === 'HIT') return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} never came from the page cache`);
}

/** The bare server, in its own process, sending `recorded`; resolves with its URL. */
async function startStatic(recorded: Recorded): Promise<{ url: string; stop(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'ascent-bench-'));
  const file = join(dir, 'response.json');
  const headers = { ...recorded.headers };
  // What node adds itself; the rest (type, encoding, length, cache headers, ETag) is sent as recorded.
  for (const name of ['date', 'connection', 'keep-alive', 'transfer-encoding']) delete headers[name];
  writeFileSync(file, JSON.stringify({ status: recorded.status, headers, body: recorded.body.toString('base64') }));
  const child = spawn(process.execPath, [join(import.meta.dirname, 'bench-static-server.ts'), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the static server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface Figures {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, randomQuery = false): Promise<Figures> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: requestHeaders,
    ...(randomQuery
      ? {
          requests: [{ setupRequest: (req) => ({ ...req, path: `${path}?x=${Math.random().toString(36).slice(2)}` }) }],
        }
      : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const line = (name: string, figures: Figures) =>
  `${name.padEnd(34)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s   p99 ${String(figures.p99Ms).padStart(4)} ms` +
  (figures.errors || figures.non2xx ? `   (${figures.errors} errors, ${figures.non2xx} non-2xx)` : '');

const site = await siteForScript(values.url);
let exitCode = 0;
try {
  const pageUrl = `${site.baseUrl}${path}`;
  const recorded = await cachedCopy(pageUrl);
  const bare = await startStatic(recorded);
  try {
    const [load1] = loadavg();
    // A short warm-up of each, so neither pays for JIT compilation in its figures.
    await autocannon({ url: pageUrl, connections, duration: 2, headers: requestHeaders });
    await autocannon({ url: `${bare.url}${path}`, connections, duration: 2, headers: requestHeaders });
    const cache = await load(pageUrl);
    const baseline = await load(`${bare.url}${path}`);
    const busting = await load(pageUrl, true);
    const [, load5] = loadavg();
    const ratio = cache.requestsPerSecond / baseline.requestsPerSecond;
    console.log(
      `\n${path}: ${recorded.body.length} bytes (${recorded.headers['content-encoding'] ?? 'identity'}), ` +
        `${connections} connections, ${seconds} s each, ${new Date().toISOString().slice(0, 10)}`,
    );
    console.log(
      `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, load average ${load1?.toFixed(2)} before, ${load5?.toFixed(2)} (5 min) after`,
    );
    console.log(line('page cache', cache));
    console.log(line('bare node:http, same bytes', baseline));
    console.log(line('page cache, random ?x= per request', busting));
    console.log(`page cache / bare server: ${(ratio * 100).toFixed(0)}% (goal: at least 60%)`);
    if (cache.errors || cache.non2xx || busting.errors || busting.non2xx) exitCode = 1;
  } finally {
    bare.stop();
  }
} finally {
  await site.stop();
}
process.exit(exitCode);
