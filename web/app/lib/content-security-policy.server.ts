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

/**
 * A route sets this response header to let one origin frame the page: preview mode, inside the
 * Studio's Presentation tool (features/preview). entry.server.tsx moves it into `frame-ancestors`
 * (which browsers follow over X-Frame-Options) and drops it.
 */
export const FRAME_ANCESTOR_HEADER = 'x-frame-ancestor';

/** An http(s) origin as a CSP source, or `'none'` for anything else. */
function frameAncestorSource(origin: string | null | undefined): string {
  if (!origin) return "'none'";
  try {
    const url = new URL(origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : "'none'";
  } catch {
    return "'none'";
  }
}

/**
 * The policy for one render: the nonce is the only inline script allowance. `frameAncestor`: the
 * one origin that may frame the page (the Studio, in preview mode); none by default.
 */
export function contentSecurityPolicy(env: PublicEnv, nonce: string, frameAncestor?: string | null): string {
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
    ['frame-ancestors', [frameAncestorSource(frameAncestor)]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}
