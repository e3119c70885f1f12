/**
 * The website when a dependency fails: a website process of its own per case, whose content API
 * or Supabase is a local server that refuses, accepts and never answers, or answers 503 with
 * PostgREST's `Retry-After: 32` (PostgreSQL down). Every page answers within a few seconds: pages
 * that need nothing from PostgreSQL render, live lists show their error state, pages whose content
 * cannot be read answer a friendly 503 with Retry-After.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExtraWebsite } from '../support/extra-website.ts';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.ts';
import { PROGRAM_PAGE_PATH } from '../support/public-routes.ts';
import { stackInfo, type StackInfo } from './stack-info.ts';

/** A CMS page with no live list: nothing on it comes from PostgreSQL. */
const NO_DATABASE_PAGE = '/about/mission-vision';

let stack: StackInfo;
const closers: Array<() => Promise<void>> = [];

beforeAll(() => {
  stack = stackInfo();
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/** A page read whole, with how long it took. */
async function timedGet(url: string) {
  const began = performance.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(20_000) });
  const body = await response.text();
  return { status: response.status, headers: response.headers, body, seconds: (performance.now() - began) / 1000 };
}

async function website(services: { supabaseUrl?: string; contentUrl?: string }) {
  const site = await startExtraWebsite({
    supabaseUrl: services.supabaseUrl ?? stack.apiUrl,
    contentUrl: services.contentUrl ?? stack.contentUrl,
    anonKey: stack.anonKey,
    sanity: stack.sanity,
  });
  closers.push(site.stop);
  return site.url;
}

async function proxy(mode: 'refuse' | 'stall'): Promise<FaultProxy> {
  const started = await startFaultProxy(undefined, mode);
  closers.push(started.close);
  return started;
}

/** PostgREST while PostgreSQL is down: 503, PGRST001, `Retry-After: 32`, to every request. */
async function databaseDownRest(): Promise<string> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '32' });
    response.end(JSON.stringify({ code: 'PGRST001', details: null, hint: null, message: 'Database client error' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

function expectUnavailablePage(page: Awaited<ReturnType<typeof timedGet>>, text: RegExp) {
  expect(page.status).toBe(503);
  expect(page.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(page.body).toMatch(text);
}

describe('with Supabase silent (accepts, never answers)', () => {
  let url: string;
  beforeAll(async () => {
    url = await website({ supabaseUrl: (await proxy('stall')).url });
  });

  it('a page that needs nothing from PostgreSQL answers, waiting at most once for the maintenance read', async () => {
    // The first page waits for the maintenance read's bound (a loaded machine adds render time).
    const first = await timedGet(`${url}/about/csr`);
    expect(first.status).toBe(200);
    expect(first.seconds).toBeLessThan(6);
    const page = await timedGet(`${url}${NO_DATABASE_PAGE}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<h1');
    // From then on nothing waits for the silent database: not the maintenance check, not the page.
    const again = await timedGet(`${url}${NO_DATABASE_PAGE}`);
    expect(again.status).toBe(200);
    expect(again.seconds).toBeLessThan(1);
  });

  it('a page with live lists ends within seconds, the lists in their error state', async () => {
    // Bounded by the live reads' 4 s and the stream's 5 s; a busy machine adds render time.
    const page = await timedGet(`${url}/events`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('We couldn’t load events just now.');
    expect(page.seconds).toBeLessThan(9);
  });

  it('a program page answers a friendly 503 within seconds', async () => {
    const page = await timedGet(`${url}${PROGRAM_PAGE_PATH}`);
    expectUnavailablePage(page, /We couldn’t load this program just now/);
    expect(page.seconds).toBeLessThan(8);
  });
});

describe('with PostgreSQL down (PostgREST answers 503, Retry-After: 32)', () => {
  let url: string;
  beforeAll(async () => {
    url = await website({ supabaseUrl: await databaseDownRest() });
  });

  it('no read waits for the Retry-After (32 s): pages answer within a few seconds', async () => {
    const about = await timedGet(`${url}${NO_DATABASE_PAGE}`);
    expect(about.status).toBe(200);
    expect(about.seconds).toBeLessThan(5);
    const program = await timedGet(`${url}${PROGRAM_PAGE_PATH}`);
    expectUnavailablePage(program, /We couldn’t load this program just now/);
    expect(program.seconds).toBeLessThan(5);
  });
});

describe('with the content API down and nothing cached', () => {
  let content: FaultProxy;
  let url: string;
  beforeAll(async () => {
    content = await proxy('refuse');
    url = await website({ contentUrl: content.url });
  });

  it('refusing: pages answer the friendly 503 page at once', async () => {
    await content.setMode('refuse');
    const page = await timedGet(`${url}${NO_DATABASE_PAGE}`);
    expectUnavailablePage(page, /We’ll be right back/);
    expect(page.body).toContain('Please try again in a minute');
    expect(page.seconds).toBeLessThan(5);
  });

  it('silent: pages answer the friendly 503 page within a few seconds', async () => {
    await content.setMode('stall');
    const page = await timedGet(`${url}/contact`);
    expectUnavailablePage(page, /We’ll be right back/);
    expect(page.seconds).toBeLessThan(8);
  });
});
