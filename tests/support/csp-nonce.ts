/**
 * Reading a page's CSP nonce the way a browser applies it: the nonce the header's `script-src`
 * allows, and the nonce attribute of each script the page would run (JSON data blocks excluded).
 * For the header tests of both runners (vitest and Playwright).
 */

/** The `script-src` sources of a policy, or [] when it has none. */
export function scriptSources(policy: string): string[] {
  const directive = policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('script-src '));
  return directive ? directive.split(/\s+/).slice(1) : [];
}

/** The nonce `script-src` allows, or undefined. */
export function policyNonce(policy: string): string | undefined {
  for (const source of scriptSources(policy)) {
    const nonce = /^'nonce-([A-Za-z0-9+/=_-]+)'$/.exec(source)?.[1];
    if (nonce) return nonce;
  }
  return undefined;
}

/** Each executable script element of the HTML with its nonce attribute (undefined: none). */
export function scriptNonces(html: string): (string | undefined)[] {
  const tags = html.match(/<script\b[^>]*>/gi) ?? [];
  return tags
    .filter((tag) => !/\btype="application\/(?:ld\+)?json"/i.test(tag))
    .map((tag) => /\snonce="([^"]*)"/.exec(tag)?.[1]);
}
