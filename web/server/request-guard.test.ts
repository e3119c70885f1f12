import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawExchange, rawHttp } from '../../tests/support/raw-http.ts';
import { createGuardedServer, type GuardOptions, type Listener } from './request-guard.ts';

/** A guarded server on a free port, with its log lines and the requests its listener saw. */
async function guarded(listener: Listener, options: Partial<GuardOptions> = {}) {
  const logged: string[] = [];
  const seen: string[] = [];
  const server: Server = createGuardedServer(
    { service: 'test', log: (line) => logged.push(line), ...options },
    (req, res) => {
      seen.push(`${req.method} ${req.url}`);
      return listener(req, res);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    logged,
    seen,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

describe('request guard', () => {
  let site: Awaited<ReturnType<typeof guarded>>;
  beforeAll(async () => {
    site = await guarded(async (req, res) => {
      if (req.url === '/throws') throw new Error('handler bug');
      if (req.url?.startsWith('/rejects')) await Promise.reject(new TypeError(`cannot handle ${req.url}`));
      if (req.url === '/half') {
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '100' });
        res.write('partial');
        throw new Error('failed mid-answer');
      }
      res.end('fine');
    });
  });
  afterAll(() => site.close());

  const normalRequestWorks = async () => {
    const response = await fetch(`http://127.0.0.1:${site.port}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('fine');
  };

  it.each([
    ['TRACE', 'TRACE / HTTP/1.1', 405],
    ['TRACK (unknown to node)', 'TRACK / HTTP/1.1', 400],
    ['CONNECT', 'CONNECT example.com:443 HTTP/1.1', 405],
    ['PROPFIND (a method no handler serves)', 'PROPFIND / HTTP/1.1', 405],
    ['a malformed percent-escape', 'GET /%E0%A4%A HTTP/1.1', 400],
    ['an escape that is not UTF-8', 'GET /%E0%A4 HTTP/1.1', 400],
    ['an escaped NUL byte', 'GET /a%00b HTTP/1.1', 400],
    ['a NUL byte in the path', 'GET /a\0b HTTP/1.1', 400],
    ['a 10 KB URL', `GET /${'a'.repeat(10 * 1024)} HTTP/1.1`, 414],
    ['a 100 KB URL', `GET /${'a'.repeat(100 * 1024)} HTTP/1.1`, 431],
  ])('refuses %s before the listener sees it, and keeps serving', async (_name, requestLine, status) => {
    const before = site.seen.length;
    const answer = await rawHttp(site.port, requestLine);
    expect(answer.status).toBe(status);
    expect(site.seen.length).toBe(before);
    await normalRequestWorks();
  });

  it('names the methods it serves in Allow', async () => {
    for (const line of ['TRACE / HTTP/1.1', 'CONNECT example.com:443 HTTP/1.1']) {
      const answer = await rawHttp(site.port, line);
      expect(answer.text).toMatch(/\r\nallow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\n/i);
    }
  });

  it.each([
    ['a malformed header', 'GET / HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n'],
    ['a Host no URL can hold', 'GET / HTTP/1.1\r\nHost: a b\r\n\r\n'],
    ['two Host headers', 'GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n'],
  ])('answers %s with 400 and keeps serving', async (_name, bytes) => {
    expect((await rawExchange(site.port, bytes)).status).toBe(400);
    await normalRequestWorks();
  });

  it('answers a handler that throws or rejects with 500 and keeps serving', async () => {
    expect((await fetch(`http://127.0.0.1:${site.port}/throws`)).status).toBe(500);
    expect((await fetch(`http://127.0.0.1:${site.port}/rejects`)).status).toBe(500);
    await normalRequestWorks();
  });

  it('cuts an answer short when the handler fails after it began, rather than pretend it is complete', async () => {
    const answer = await rawHttp(site.port, 'GET /half HTTP/1.1', ['Connection: close'], '');
    await expect(fetch(`http://127.0.0.1:${site.port}/half`).then((r) => r.text())).rejects.toThrow();
    expect(answer.status).toBe(200);
    expect(answer.text).toMatch(/partial$/);
    await normalRequestWorks();
  });

  it('logs each failure once: the stack the first time, one line for the same fault after', async () => {
    const before = site.logged.length;
    for (const query of ['a', 'b', 'c']) await fetch(`http://127.0.0.1:${site.port}/rejects?${query}`);
    const lines = site.logged.slice(before);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('[test] 500 on GET /rejects?c: TypeError: cannot handle /rejects?c (stack logged before)');
    // Over the whole run, one entry for this fault carries the stack; every other one is one line.
    const entries = site.logged.filter((line) => line.startsWith('[test] 500 on GET /rejects'));
    expect(entries.filter((line) => line.includes('\n'))).toHaveLength(1);
  });

  it('words its answers as JSON for services that speak JSON', async () => {
    const api = await guarded((_req, res) => res.end('{}'), { body: 'json', methods: ['GET'] });
    try {
      const answer = await rawHttp(api.port, 'POST / HTTP/1.1');
      expect(answer.status).toBe(405);
      expect(answer.text).toMatch(/\r\nallow: GET\r\n/i);
      expect(answer.text).toMatch(/\{"message":"The POST method is not supported"\}$/);
    } finally {
      await api.close();
    }
  });

  it('answers paths deeper or longer than any route cheaply, as small HTML pages, and keeps serving', async () => {
    const website = await guarded((_req, res) => res.end('page'), {
      body: 'html',
      maxPathSegments: 16,
      maxPathLength: 1024,
    });
    try {
      const deep = await rawHttp(website.port, `GET /${'a/'.repeat(400)} HTTP/1.1`);
      expect(deep.status).toBe(404);
      expect(deep.text).toMatch(/\r\ncontent-type: text\/html; charset=utf-8\r\n/i);
      expect(deep.text).toContain('<h1>404 Not Found</h1>');
      expect((await rawHttp(website.port, `GET /${'a'.repeat(2_000)} HTTP/1.1`)).status).toBe(414);
      expect((await rawHttp(website.port, 'GET /%E0%A4%A HTTP/1.1')).text).toContain('<h1>400 Bad Request</h1>');
      const trace = await rawHttp(website.port, 'TRACE / HTTP/1.1');
      expect(trace.text).toContain('<h1>405 Method Not Allowed</h1>');
      expect(trace.text).toMatch(/\r\ncache-control: no-store\r\n/i);
      // What node's parser refuses itself gets a page too, not a bare status line.
      const unparsable = await rawExchange(website.port, 'GET / HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n');
      expect(unparsable.status).toBe(400);
      expect(unparsable.text).toContain('<h1>400 Bad Request</h1>');
      // Sixteen segments are still a page.
      expect((await fetch(`http://127.0.0.1:${website.port}/${'a/'.repeat(15)}a`)).status).toBe(200);
      expect(website.seen).toHaveLength(1);
    } finally {
      await website.close();
    }
  });
});
