/**
 * The security headers of the Studio's page as the lake serves it: a Content-Security-Policy that
 * lets the Studio work (its API on the lake, styles it injects, blob: workers and previews) and
 * nothing else: its own inline scripts are allowed by their hashes, read from the built
 * index.html, never by 'unsafe-inline'. Like the website, it may not be framed.
 */
import { createHash } from 'node:crypto';

/** Sanity's script CDN: the Studio's build loads its dashboard bridge from it (hosted Studios need it). */
const sanityScriptCdn = 'https://core.sanity-cdn.com';
/**
 * Sanity's own services the Studio build calls whatever its API host: its version check (the CDN)
 * and its feedback intake. Offline these fail as they did before the policy; hosted they answer.
 */
const sanityServices = ['https://sanity-cdn.com', 'https://api.sanity.io'];
/** Where the Studio's stylesheets take its Inter fonts from. */
const sanityFontHosts = ['https://studio-static.sanity.io', 'https://design-system-static.sanity.io'];

/** The websites the Studio's Presentation tool may show: the local stack's (and test stacks'), on any port. */
export const previewFrameSources = ['http://127.0.0.1:*', 'http://localhost:*'];

/** The `'sha256-…'` source of each inline script of the page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || body === '') continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** As WebSocket sources too: the Studio's live connections to the same hosts. */
function withWebSockets(origins: string[]): string[] {
  return origins.flatMap((origin) => [origin, origin.replace(/^http/, 'ws')]);
}

/**
 * The headers for the Studio's index.html. `apiOrigins` are the lake's origins the Studio reaches
 * besides its own (the project-less API host it is configured with, the plain-HTTP origin asset
 * URLs name).
 */
export function studioPageHeaders(html: string, apiOrigins: string[]): Record<string, string> {
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...inlineScriptHashes(html), sanityScriptCdn]],
    // The Studio's styled-components write <style> elements at run time.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...apiOrigins]],
    ['media-src', ["'self'", 'blob:', ...apiOrigins]],
    ['font-src', ["'self'", 'data:', ...sanityFontHosts]],
    ['connect-src', ["'self'", ...withWebSockets(apiOrigins), ...sanityServices]],
    ['worker-src', ["'self'", 'blob:']],
    // The Presentation tool frames the website: on this machine, a loopback origin on any port.
    ['frame-src', ["'self'", ...previewFrameSources]],
    ['form-action', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return {
    'Content-Security-Policy': directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; '),
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'same-origin',
  };
}
