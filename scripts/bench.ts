/**
 * `npm run bench [-- --path /about] [--seconds 5] [--rounds 3] [--connections 50]`: the page
 * cache's throughput, in one run on one machine. Starts the local stack on free ports and the
 * production server (web/server) on the current build, twice: with its default maintenance check
 * (a read reused for up to a second) and with MAINTENANCE_MAX_AGE_MS=0, the local stack's strict
 * check (a fresh read for every request, shared by the requests that wait for it). Loads a CMS page from each
 * one's page cache (autocannon in a process of its own, brotli accepted as browsers do), the very
 * same bytes and headers from a bare node:http server (scripts/bench-static-server.ts, a process
 * of its own), and the page with a random query parameter per request (`?x=<random>`, which must
 * not leave the cache), in interleaved rounds; prints the median requests/s and p99 of each, the
 * ratios to the bare server, and the machine's load.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { localDefaults, repoRoot } from '../local/env.ts';
import { commandLine } from './command-line.ts';
import { freePort } from '../local/http/ports.ts';
import { buildWebsite, websiteBuildIsStale } from '../local/website.ts';
import { logProblems, startTestStack, stopOnSignals, type StackInfo } from '../tests/support/test-stack.ts';

const usage = `usage: npm run bench [-- --path /about] [--seconds 5] [--rounds 3] [--connections 50]
  --path         the CMS page to load (default /about)
  --seconds      length of each load run (default 5)
  --rounds       interleaved rounds; the median is reported (default 3)
  --connections  concurrent connections of the load generator (default 50)`;
const { values } = commandLine(usage, {
  options: {
    path: { type: 'string', default: '/about' },
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const rounds = Number(values.rounds);
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
  const child = startChild([join(import.meta.dirname, 'bench-static-server.ts'), file], {}, /listening (\d+)/);
  const port = Number(await child.ready);
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => {
      child.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A child process printing `pattern` once it is ready; resolves with the match's first group. */
function startChild(args: string[], env: Record<string, string>, pattern: RegExp) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) resolve(match[1] ?? '');
    });
    child.once('exit', (code) => reject(new Error(`${args[0]} exited (${code}):\n${output}`)));
  });
  return { ready, stop: () => child.kill('SIGTERM') };
}

/** The production server on the stack, with `extra` settings; resolves with its URL. */
async function startWebsite(stack: StackInfo, extra: Record<string, string>) {
  const port = await freePort();
  const env = {
    SUPABASE_URL: stack.apiUrl,
    SUPABASE_ANON_KEY: stack.anonKey,
    SANITY_PROJECT_ID: stack.sanity.projectId,
    SANITY_DATASET: stack.sanity.dataset,
    SANITY_API_VERSION: stack.sanity.apiVersion,
    SANITY_API_HOST: stack.contentUrl,
    SITE_URL: `http://127.0.0.1:${port}`,
    CERTIFICATE_SIGNING_KEY: localDefaults().CERTIFICATE_SIGNING_KEY!,
    HOST: '127.0.0.1',
    PORT: String(port),
    NODE_ENV: 'production',
    ...extra,
  };
  const child = startChild([join(repoRoot, 'web', 'server', 'index.ts')], env, /(listening)/);
  await child.ready;
  return { url: `http://127.0.0.1:${port}`, stop: child.stop };
}

interface Figures {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** One load run, from a process of its own (scripts/bench-load.ts). */
async function load(url: string, randomQuery = false, duration = seconds): Promise<Figures> {
  const child = spawn(
    process.execPath,
    [
      join(import.meta.dirname, 'bench-load.ts'),
      JSON.stringify({ url, connections, seconds: duration, headers: requestHeaders, randomQuery }),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the load run exited (${code}): ${output}`);
  return JSON.parse(output) as Figures;
}

const line = (name: string, figures: Figures) =>
  `${name.padEnd(42)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s   p99 ${String(figures.p99Ms).padStart(4)} ms` +
  (figures.errors || figures.non2xx ? `   (${figures.errors} errors, ${figures.non2xx} non-2xx)` : '');

console.log('Starting the local stack on free ports…');
const stack = await startTestStack({ website: false, log: logProblems('  ') });
stopOnSignals(stack);
let exitCode = 0;
const stops: (() => void)[] = [];

/** The run with the median requests/s. */
function median(runs: Figures[]): Figures {
  return runs.toSorted((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(runs.length / 2)]!;
}

try {
  if (websiteBuildIsStale()) buildWebsite();
  const [load1] = loadavg();
  const production = await startWebsite(stack.info, {});
  stops.push(production.stop);
  const strict = await startWebsite(stack.info, { MAINTENANCE_MAX_AGE_MS: '0' });
  stops.push(strict.stop);
  const recorded = await cachedCopy(`${production.url}${path}`);
  await cachedCopy(`${strict.url}${path}`);
  const bare = await startStatic(recorded);
  stops.push(bare.stop);
  const targets = {
    baseline: { url: `${bare.url}${path}`, random: false },
    cache: { url: `${production.url}${path}`, random: false },
    busting: { url: `${production.url}${path}`, random: true },
    cacheStrict: { url: `${strict.url}${path}`, random: false },
  };
  // A short warm-up of each (JIT), then rounds that interleave the targets: the machine's load
  // changes by the second (other work shares it), and each target meets it alike.
  for (const target of Object.values(targets)) await load(target.url, target.random, 2);
  const runs: Record<keyof typeof targets, Figures[]> = { baseline: [], cache: [], busting: [], cacheStrict: [] };
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, target] of Object.entries(targets) as [keyof typeof targets, (typeof targets)['cache']][]) {
      runs[name].push(await load(target.url, target.random));
    }
  }
  const [, load5] = loadavg();
  const baseline = median(runs.baseline);
  const share = (figures: Figures) => `${((figures.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(0)}%`;
  console.log(
    `\n${path}: ${recorded.body.length} bytes (${recorded.headers['content-encoding'] ?? 'identity'}), ` +
      `${connections} connections, median of ${rounds} interleaved ${seconds} s runs, ` +
      `${new Date().toISOString().slice(0, 16)}Z`,
  );
  console.log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, load average ${load1?.toFixed(2)} before, ` +
      `${load5?.toFixed(2)} (5 min) after`,
  );
  console.log(line('bare node:http, same bytes', baseline));
  for (const [name, label] of [
    ['cache', 'page cache, default (flag read reused 1 s)'],
    ['busting', '  the same, random ?x= per request'],
    ['cacheStrict', 'page cache, strict (MAX_AGE_MS=0)'],
  ] as const) {
    const figures = median(runs[name]);
    console.log(`${line(label, figures)}   ${share(figures)}`);
  }
  console.log('goal: the page cache at least 60% of the bare server');
  if (
    Object.values(runs)
      .flat()
      .some((figures) => figures.errors || figures.non2xx)
  )
    exitCode = 1;
} finally {
  for (const stop of stops) stop();
  await stack.stop();
}
process.exit(exitCode);
