import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { compressResponse, negotiateEncoding } from './compression.ts';
import { staticFiles } from './static-files.ts';

const text = 'Learn, lead, rise. '.repeat(200);

function decode(body: ArrayBuffer, encoding: string | null): string {
  const buffer = Buffer.from(body);
  if (encoding === 'br') return brotliDecompressSync(buffer).toString();
  if (encoding === 'gzip') return gunzipSync(buffer).toString();
  return buffer.toString();
}

describe('negotiateEncoding', () => {
  it('prefers brotli on a tie and honours q-values', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, br;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('identity')).toBeUndefined();
    expect(negotiateEncoding('gzip;q=0, br;q=0')).toBeUndefined();
    expect(negotiateEncoding(null)).toBeUndefined();
  });
});

describe('compressResponse', () => {
  const html = (body: string, init: ResponseInit = {}) =>
    new Response(body, { ...init, headers: { 'content-type': 'text/html; charset=utf-8', ...init.headers } });
  const get = (acceptEncoding?: string, method = 'GET') =>
    new Request('http://x/', { method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('compresses a page with the negotiated encoding and adds Vary', async () => {
    for (const encoding of ['br', 'gzip']) {
      const response = compressResponse(get(encoding), html(text, { status: 404 }));
      expect(response.status).toBe(404);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      const body = await response.arrayBuffer();
      expect(body.byteLength).toBeLessThan(text.length / 10);
      expect(decode(body, encoding)).toBe(text);
    }
  });

  it('leaves alone what should not be compressed', async () => {
    expect(compressResponse(get(), html(text)).headers.get('content-encoding')).toBeNull();
    expect(
      compressResponse(get('br'), html('tiny', { headers: { 'content-length': '4' } })).headers.get('content-encoding'),
    ).toBeNull();
    const png = new Response(text, { headers: { 'content-type': 'image/png' } });
    expect(compressResponse(get('br'), png)).toBe(png);
    const already = html(text, { headers: { 'content-encoding': 'gzip' } });
    expect(compressResponse(get('br'), already)).toBe(already);
    const redirect = new Response(null, { status: 301, headers: { location: '/about' } });
    expect(compressResponse(get('br'), redirect)).toBe(redirect);
  });
});

describe('staticFiles', () => {
  const root = mkdtempSync(join(tmpdir(), 'ascent-static-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets', 'entry-abc.js'), `console.log(${JSON.stringify(text)});`);
  writeFileSync(join(root, 'assets', 'logo.png'), Buffer.alloc(4096, 1));
  writeFileSync(join(root, 'favicon.ico'), Buffer.alloc(10));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const files = staticFiles(root);
  const request = (path: string, acceptEncoding?: string, method = 'GET') =>
    new Request(`http://x${path}`, { method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('serves a hashed script precompressed, immutable, with its compressed length', async () => {
    const response = (await files.serve(request('/assets/entry-abc.js', 'gzip, br')))!;
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    const body = await response.arrayBuffer();
    expect(Number(response.headers.get('content-length'))).toBe(body.byteLength);
    expect(decode(body, 'br')).toContain('Learn, lead, rise.');

    const gzip = (await files.serve(request('/assets/entry-abc.js', 'gzip')))!;
    expect(decode(await gzip.arrayBuffer(), gzip.headers.get('content-encoding'))).toContain('Learn, lead, rise.');
  });

  it('sends the file as is without Accept-Encoding, and never compresses images', async () => {
    const plain = (await files.serve(request('/assets/entry-abc.js')))!;
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('Learn, lead, rise.');
    const png = (await files.serve(request('/assets/logo.png', 'br')))!;
    expect(png.headers.get('content-encoding')).toBeNull();
    expect((await png.arrayBuffer()).byteLength).toBe(4096);
  });

  it('answers HEAD without a body and ignores paths outside the build and non-files', async () => {
    const head = (await files.serve(request('/assets/entry-abc.js', 'br', 'HEAD')))!;
    expect(head.body).toBeNull();
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(await files.serve(request('/../../etc/passwd'))).toBeUndefined();
    expect(await files.serve(request('/assets'))).toBeUndefined();
    expect(await files.serve(request('/about'))).toBeUndefined();
    expect(await files.serve(request('/assets/entry-abc.js', 'br', 'POST'))).toBeUndefined();
    // A path that cannot name a file is not a file (it used to throw URIError and answer 500).
    expect(await files.serve(request('/%E0%A4%A'))).toBeUndefined();
    expect(await files.serve(request('/assets/entry-abc.js%00.png'))).toBeUndefined();
  });

  it('warms every text asset', async () => {
    expect(await files.warm()).toBe(1);
  });
});
