import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, studioPageHeaders } from './studio-csp.ts';

const boot = '\n;(function () { window.booted = true })()\n';
const html = `<!DOCTYPE html><html><head><script>${boot}</script><script src="/studio/static/app.js" type="module"></script></head><body></body></html>`;
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function directive(policy: string, name: string): string[] {
  const found = policy.split(';').find((part) => part.trim().startsWith(`${name} `));
  return found ? found.trim().split(/\s+/).slice(1) : [];
}

describe('the Studio page policy', () => {
  it("allows the page's own inline script by its hash, never any inline script", () => {
    expect(inlineScriptHashes(html)).toEqual([sha(boot)]);
    const policy = studioPageHeaders(html, [])['Content-Security-Policy'] ?? '';
    expect(directive(policy, 'script-src')).toContain(sha(boot));
    expect(directive(policy, 'script-src')).not.toContain("'unsafe-inline'");
    expect(policy).not.toContain('unsafe-eval');
  });

  it('reaches the lake over HTTPS and WebSockets, takes blob: workers, and refuses framing and plugins', () => {
    const headers = studioPageHeaders(html, ['https://localhost:54330', 'http://127.0.0.1:54330']);
    const policy = headers['Content-Security-Policy'] ?? '';
    expect(directive(policy, 'connect-src')).toEqual([
      "'self'",
      'https://localhost:54330',
      'wss://localhost:54330',
      'http://127.0.0.1:54330',
      'ws://127.0.0.1:54330',
      'https://sanity-cdn.com',
      'https://api.sanity.io',
    ]);
    expect(directive(policy, 'worker-src')).toEqual(["'self'", 'blob:']);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(headers['X-Frame-Options']).toBe('DENY');
  });

  it('frames only its own pages and the local websites, for the Presentation tool', () => {
    const policy = studioPageHeaders(html, [])['Content-Security-Policy'] ?? '';
    expect(directive(policy, 'frame-src')).toEqual(["'self'", 'http://127.0.0.1:*', 'http://localhost:*']);
  });
});
