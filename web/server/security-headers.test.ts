import { describe, expect, it } from 'vitest';
import { addSecurityHeaders, servedOverHttps, withSecurityHeaders } from './security-headers.ts';

describe('addSecurityHeaders', () => {
  it('adds nosniff, framing refused, the referrer rule and features off, without HSTS over plain HTTP', () => {
    const headers = addSecurityHeaders(new Headers({ 'content-type': 'text/html' }), { https: false });
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const features = headers.get('permissions-policy') ?? '';
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment'])
      expect(features).toContain(`${feature}=()`);
    expect(headers.has('strict-transport-security')).toBe(false);
  });

  it('adds HSTS over HTTPS', () => {
    const headers = addSecurityHeaders(new Headers(), { https: true });
    expect(headers.get('strict-transport-security')).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
  });

  it('keeps a header the response chose itself', () => {
    const headers = addSecurityHeaders(new Headers({ 'referrer-policy': 'no-referrer' }), { https: false });
    expect(headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('copies a response whose headers are read-only', async () => {
    const fetched = Response.redirect('http://127.0.0.1/elsewhere', 302);
    const secured = withSecurityHeaders(fetched, { https: false });
    expect(secured.status).toBe(302);
    expect(secured.headers.get('location')).toBe('http://127.0.0.1/elsewhere');
    expect(secured.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('servedOverHttps', () => {
  const proxied = new Request('http://127.0.0.1:3000/about', { headers: { 'x-forwarded-proto': 'https' } });

  it('believes TLS', () => {
    expect(servedOverHttps(new Request('https://ascent.example/about'), false)).toBe(true);
  });

  it("ignores anyone's X-Forwarded-Proto unless the proxy is trusted", () => {
    expect(servedOverHttps(proxied, false)).toBe(false);
    expect(servedOverHttps(proxied, true)).toBe(true);
  });

  it("takes the visitor's side of a proxy chain", () => {
    const chain = new Request('http://127.0.0.1:3000/', { headers: { 'x-forwarded-proto': 'http, https' } });
    expect(servedOverHttps(chain, true)).toBe(false);
  });
});
