/**
 * The Content-Security-Policy of the website's HTML pages (public site and admin alike): scripts
 * only from the site itself or inline with this render's nonce, connections only to the site,
 * Supabase's APIs and the content API, images from the site, the image CDN and Supabase storage.
 * Every host comes from the configured URLs, so pointing the site at hosted services changes the
 * policy with them.
 */
import { randomBytes } from 'node:crypto';
import type { PublicEnv } from '../config/env.server';
import { imageBaseUrl } from './sanity/image';

/** A fresh nonce for one render: 128 random bits, base64 (what CSP's nonce-source allows). */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/** A URL as a CSP source: `;` and `,` end a directive or a policy, so they are escaped. */
function source(url: string): string {
  const { origin, pathname } = new URL(url);
  return `${origin}${pathname === '/' ? '' : pathname}`.replace(/;/g, '%3B').replace(/,/g, '%2C');
}

/** The URL with `path` appended to its own path (a Supabase URL may carry one). */
function under(base: string, path: string): string {
  return source(`${base.replace(/\/+$/, '')}/${path}`);
}

/** Where the browser reads content: the configured API host, or Sanity's hosted API and its CDN. */
function contentApiSources(env: PublicEnv): string[] {
  if (env.sanityApiHost) return [source(env.sanityApiHost)];
  const project = encodeURIComponent(env.sanityProjectId);
  return [`https://${project}.api.sanity.io`, `https://${project}.apicdn.sanity.io`];
}

/** The policy for one render: the nonce is the only inline script allowance. */
export function contentSecurityPolicy(env: PublicEnv, nonce: string): string {
  const images = under(
    imageBaseUrl(env.sanityApiHost),
    `images/${encodeURIComponent(env.sanityProjectId)}/${encodeURIComponent(env.sanityDataset)}/`,
  );
  const supabase = ['rest/v1/', 'auth/v1/', 'functions/v1/', 'storage/v1/'].map((path) => under(env.supabaseUrl, path));
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", `'nonce-${nonce}'`]],
    // framer-motion writes style attributes, and a nonce here would make browsers ignore 'unsafe-inline'.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', images, under(env.supabaseUrl, 'storage/v1/object/public/')]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...supabase, ...contentApiSources(env)]],
    // Checkout and M-Pesa run from the site's own pages: nothing is framed, every form posts here.
    ['frame-src', ["'none'"]],
    ['form-action', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}
