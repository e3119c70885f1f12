/**
 * The website's security headers as a browser receives them from the running server: every kind of
 * response (public and private pages, 404, route data, static files) refuses sniffing and framing
 * and limits referrers and browser features; every HTML page carries a CSP whose nonce is fresh per
 * render and is the one on each of the page's inline scripts. The maintenance 503 is checked in
 * tests/e2e/security-headers.global.spec.ts (it needs a stack of its own).
 */
import { describe, expect, it } from 'vitest';
import { policyNonce as nonceOf, scriptNonces, scriptSources } from '../support/csp-nonce.ts';
import { stackInfo } from './stack-info.ts';

const { webUrl } = stackInfo();
const get = (path: string, init?: RequestInit) => fetch(new URL(path, webUrl), { redirect: 'manual', ...init });

function expectSecurityHeaders(response: Response): void {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('permissions-policy')).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  // Served over plain HTTP with no trusted proxy in front: HSTS would be wrong here.
  expect(response.headers.has('strict-transport-security')).toBe(false);
}

/** The nonce the CSP header allows, checking the policy's other script rules on the way. */
function policyNonce(response: Response): string {
  const policy = response.headers.get('content-security-policy') ?? '';
  expect(scriptSources(policy)).not.toContain("'unsafe-inline'");
  expect(policy).toMatch(/frame-ancestors 'none'/);
  expect(policy).toMatch(/object-src 'none'/);
  expect(policy).toMatch(/base-uri 'none'/);
  const nonce = nonceOf(policy);
  if (!nonce) throw new Error(`no nonce in script-src: ${policy}`);
  return nonce;
}

async function expectPageNonce(response: Response): Promise<string> {
  const nonce = policyNonce(response);
  const nonces = scriptNonces(await response.text());
  // The theme script, React Router's context, route modules and scroll restoration at least.
  expect(nonces.length).toBeGreaterThanOrEqual(3);
  expect(new Set(nonces)).toEqual(new Set([nonce]));
  return nonce;
}

describe('security headers', () => {
  it('a public page: all headers, and one nonce shared by the CSP and every script (cached copies too)', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await get('/about');
      expect(response.status).toBe(200);
      expectSecurityHeaders(response);
      await expectPageNonce(response);
    }
  });

  it('private pages (cart, staff sign-in, admin) carry the same policy', async () => {
    for (const path of ['/cart', '/checkout', '/login', '/admin']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expectSecurityHeaders(response);
      await expectPageNonce(response);
    }
  });

  it('two renders get different nonces', async () => {
    // A visitor's page with their cookie is rendered for them, never replayed from the cache.
    const first = await expectPageNonce(await get('/cart', { headers: { cookie: 'visit=1' } }));
    const second = await expectPageNonce(await get('/cart', { headers: { cookie: 'visit=2' } }));
    expect(first).not.toBe(second);
  });

  it('a not-found page and a HEAD request carry them too', async () => {
    const missing = await get('/no-such-page-here');
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing);
    await expectPageNonce(missing);
    const head = await get('/about', { method: 'HEAD' });
    expectSecurityHeaders(head);
    policyNonce(head);
  });

  it('route data and static files carry the non-CSP headers', async () => {
    const data = await get('/about.data');
    expect(data.status).toBe(200);
    expectSecurityHeaders(data);
    const html = await (await get('/about')).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    if (!asset) throw new Error('no script asset on /about');
    const file = await get(asset);
    expect(file.status).toBe(200);
    expectSecurityHeaders(file);
  });

  it('does not send HSTS because a client claims HTTPS (no proxy is trusted)', async () => {
    const response = await get('/about', { headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers.has('strict-transport-security')).toBe(false);
  });
});
